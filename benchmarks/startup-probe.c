/* startup-probe.c: how long a program takes to put its first window on
 * an X display, and to draw into it
 *
 *   startup-probe PROGRAM [ARGUMENTS…]
 *
 * Starts PROGRAM and watches the display from outside it, the same way for
 * any program: the window is on screen when the server maps a top-level
 * window whose _NET_WM_PID is PROGRAM's; its first frame is drawn when the
 * server first reports damage to that window after mapping it.  Mapping
 * itself damages the window, where the server paints its background: the
 * probe makes a round trip to the server on seeing the window mapped and
 * passes over the damage reported by then.  The program is still laying
 * out its window at that time; the next damage is its drawing.
 *
 * Prints the two times in milliseconds from the launch and the processor
 * time PROGRAM had used by its first frame, all its threads together,
 * "MAP FRAME CPU", then stops PROGRAM.  The processor time counts in
 * clock ticks (10 ms as a rule) but hardly depends on what else the
 * machine is doing.  Exits with 1 when PROGRAM stops first or shows nothing
 * within 30 seconds.
 *
 * Made for a display without a window manager, such as Xvfb: with one,
 * the top-level window may be a frame that holds the program's window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/extensions/Xdamage.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TIMEOUT_MS 30000

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Windows created while the probe watches may vanish before it looks at
 * them: errors about them are expected. */
static int
ignore_error (Display *display, XErrorEvent *event)
{
  return 0;
}

static long
window_pid (Display *display, Window window, Atom wm_pid)
{
  Atom type;
  int format;
  unsigned long n, after;
  unsigned char *data = NULL;
  long pid = -1;

  if (XGetWindowProperty (display, window, wm_pid, 0, 1, False, XA_CARDINAL, &type, &format,
                          &n, &after, &data) == Success
      && type == XA_CARDINAL && format == 32 && n == 1)
    pid = (long) *(unsigned long *) data;
  if (data != NULL)
    XFree (data);
  return pid;
}

/* The processor time @pid has used, user and system, in milliseconds;
 * -1 when it cannot be read. */
static double
cpu_ms (pid_t pid)
{
  char path[64], text[1024];
  unsigned long user, system;
  const char *after_name;
  FILE *file;
  size_t length;

  snprintf (path, sizeof path, "/proc/%ld/stat", (long) pid);
  file = fopen (path, "r");
  if (file == NULL)
    return -1;
  length = fread (text, 1, sizeof text - 1, file);
  fclose (file);
  text[length] = '\0';
  /* Fields 14 and 15, counted after the name, which may hold spaces. */
  after_name = strrchr (text, ')');
  if (after_name == NULL
      || sscanf (after_name + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu",
                 &user, &system) != 2)
    return -1;
  return (user + system) * 1000.0 / sysconf (_SC_CLK_TCK);
}

static pid_t
launch (char **argv)
{
  pid_t pid = fork ();

  if (pid == 0)
    {
      int null = open ("/dev/null", O_RDWR);

      if (null >= 0)
        {
          dup2 (null, STDOUT_FILENO);
          dup2 (null, STDERR_FILENO);
        }
      execvp (argv[0], argv);
      _exit (127);
    }
  return pid;
}

int
main (int argc, char **argv)
{
  Display *display;
  Window root, shown = None;
  Atom wm_pid;
  int damage_event, damage_error;
  double start, mapped = -1, drawn = -1, cpu = -1;
  int background = 0;  /* events queued when the window was mapped */
  pid_t child;
  int status;

  if (argc < 2)
    {
      fprintf (stderr, "usage: startup-probe PROGRAM [ARGUMENTS…]\n");
      return 2;
    }
  display = XOpenDisplay (NULL);
  if (display == NULL)
    {
      fprintf (stderr, "startup-probe: cannot open the display\n");
      return 2;
    }
  if (!XDamageQueryExtension (display, &damage_event, &damage_error))
    {
      fprintf (stderr, "startup-probe: the display has no DAMAGE extension\n");
      return 2;
    }
  XSetErrorHandler (ignore_error);
  root = DefaultRootWindow (display);
  wm_pid = XInternAtom (display, "_NET_WM_PID", False);
  XSelectInput (display, root, SubstructureNotifyMask);
  XSync (display, False);

  start = now_ms ();
  child = launch (argv + 1);
  if (child < 0)
    {
      perror ("startup-probe: fork");
      return 2;
    }

  while (drawn < 0)
    {
      struct pollfd fd = { ConnectionNumber (display), POLLIN, 0 };
      double left = start + TIMEOUT_MS - now_ms ();

      if (waitpid (child, &status, WNOHANG) == child)
        {
          fprintf (stderr, "startup-probe: %s stopped before drawing a window\n", argv[1]);
          return 1;
        }
      if (left <= 0)
        {
          fprintf (stderr, "startup-probe: %s drew no window in %d s\n", argv[1], TIMEOUT_MS / 1000);
          kill (child, SIGKILL);
          waitpid (child, &status, 0);
          return 1;
        }
      /* Wakes up now and then to notice a program that stopped. */
      if (XPending (display) == 0 && poll (&fd, 1, left < 100 ? (int) left : 100) < 0 && errno != EINTR)
        {
          perror ("startup-probe: poll");
          return 2;
        }
      while (XPending (display) > 0 && drawn < 0)
        {
          XEvent event;

          XNextEvent (display, &event);
          if (event.type == CreateNotify && event.xcreatewindow.parent == root)
            /* Watched from its creation, so that no drawing is missed. */
            XDamageCreate (display, event.xcreatewindow.window, XDamageReportRawRectangles);
          else if (event.type == MapNotify && shown == None && !event.xmap.override_redirect
                   && window_pid (display, event.xmap.window, wm_pid) == child)
            {
              mapped = now_ms () - start;
              shown = event.xmap.window;
              XSync (display, False);
              background = XQLength (display);
              continue;
            }
          else if (event.type == damage_event + XDamageNotify && shown != None && background == 0
                   && ((XDamageNotifyEvent *) &event)->drawable == shown)
            {
              drawn = now_ms () - start;
              cpu = cpu_ms (child);
            }
          if (background > 0)
            background--;
        }
    }

  printf ("%.1f %.1f %.0f\n", mapped, drawn, cpu);
  fflush (stdout);
  kill (child, SIGTERM);
  waitpid (child, &status, 0);
  XCloseDisplay (display);
  return 0;
}
