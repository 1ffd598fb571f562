/* cp-rules.c: the options and seats of a game's rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "cp-error.h"
#include "cp-rules.h"

const CpOptionSpec *
cp_rules_find_option (const CpRules *rules, const char *id)
{
  for (guint i = 0; i < rules->n_options; i++)
    if (g_strcmp0 (rules->options[i].id, id) == 0)
      return &rules->options[i];
  return NULL;
}

static gboolean
check_value (const CpRules *rules, const CpOptionSpec *spec, const char *value, GError **error)
{
  g_autofree char *quoted = NULL;
  char *end = NULL;
  gint64 n;

  switch (spec->type)
    {
    case CP_OPTION_CHOICE:
      if (g_strv_contains (spec->choices, value))
        return TRUE;
      break;
    case CP_OPTION_INT:
      n = g_ascii_strtoll (value, &end, 10);
      if (*value != '\0' && *end == '\0' && n >= spec->min && n <= spec->max)
        return TRUE;
      quoted = cp_error_quote (value);
      g_set_error (error, CP_ERROR, CP_ERROR_BAD_OPTION,
                   _("The option “%s” of %s must be a number from %d to %d, not “%s”"),
                   spec->id, _(rules->name), spec->min, spec->max, quoted);
      return FALSE;
    case CP_OPTION_TEXT:
      return TRUE;
    case CP_OPTION_BOOL:
      if (g_str_equal (value, "true") || g_str_equal (value, "false"))
        return TRUE;
      break;
    case CP_OPTION_TABLE:
      {
        g_autofree int *cells = g_new (int, cp_option_table_rows (spec) * cp_option_table_columns (spec));

        return cp_option_table_read (spec, value, cells, error);
      }
    }
  quoted = cp_error_quote (value);
  g_set_error (error, CP_ERROR, CP_ERROR_BAD_OPTION,
               _("“%s” is not a value of the option “%s” of %s"),
               quoted, spec->id, _(rules->name));
  return FALSE;
}

/**
 * cp_rules_resolve_options:
 * @given: (nullable): option ids to values, as chosen
 *
 * Checks the chosen options and adds the defaults of the others.
 *
 * Returns: (transfer full): every option of the game with its value
 */
GHashTable *
cp_rules_resolve_options (const CpRules *rules, GHashTable *given, GError **error)
{
  g_autoptr (GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GHashTableIter iter;
  gpointer key, value;

  if (given != NULL)
    {
      g_hash_table_iter_init (&iter, given);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          const CpOptionSpec *spec = cp_rules_find_option (rules, key);

          if (spec == NULL)
            {
              g_autofree char *quoted = cp_error_quote (key);

              g_set_error (error, CP_ERROR, CP_ERROR_BAD_OPTION,
                           _("%s has no option “%s”"), _(rules->name), quoted);
              return NULL;
            }
          if (!check_value (rules, spec, value, error))
            return NULL;
          g_hash_table_insert (options, g_strdup (key), g_strdup (value));
        }
    }
  for (guint i = 0; i < rules->n_options; i++)
    if (!g_hash_table_contains (options, rules->options[i].id))
      g_hash_table_insert (options, g_strdup (rules->options[i].id),
                           g_strdup (rules->options[i].default_value));
  return g_steal_pointer (&options);
}

guint
cp_option_table_rows (const CpOptionSpec *spec)
{
  return g_strv_length ((GStrv) spec->choices);
}

guint
cp_option_table_columns (const CpOptionSpec *spec)
{
  return g_strv_length ((GStrv) spec->columns);
}

/* One row of a table: its name, then a number (or "-" where the default has
 * none) for each column; slashes may group the numbers. */
static gboolean
read_table_row (const CpOptionSpec *spec, const char *text, int *cells, gboolean fill)
{
  g_auto (GStrv) words = g_strsplit_set (text, " \t/", -1);
  guint n_columns = cp_option_table_columns (spec);
  g_autofree int *row = g_new (int, n_columns);
  guint n = 0, r = G_MAXUINT;

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *word = words[i];
      guint64 number;

      if (word[0] == '\0')
        continue;
      if (r == G_MAXUINT)
        {
          for (r = 0; spec->choices[r] != NULL && !g_str_equal (spec->choices[r], word); r++)
            ;
          if (spec->choices[r] == NULL)
            return FALSE;
          continue;
        }
      if (n == n_columns)
        return FALSE;
      if (g_str_equal (word, "-"))
        row[n] = CP_OPTION_TABLE_BLANK;
      else if (g_ascii_string_to_unsigned (word, 10, MAX (spec->min, 0), spec->max, &number, NULL))
        row[n] = (int) number;
      else
        return FALSE;
      /* A blank stays a blank and a number a number. */
      if (!fill && (row[n] == CP_OPTION_TABLE_BLANK) != (cells[r * n_columns + n] == CP_OPTION_TABLE_BLANK))
        return FALSE;
      n++;
    }
  if (r == G_MAXUINT || n != n_columns)
    return FALSE;
  memcpy (cells + r * n_columns, row, n_columns * sizeof *row);
  return TRUE;
}

static gboolean
read_table (const CpOptionSpec *spec, const char *text, int *cells, gboolean fill, char **bad_part)
{
  g_auto (GStrv) parts = g_strsplit (text, ";", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *part = g_strstrip (g_strdup (parts[i]));

      if (part[0] != '\0' && !read_table_row (spec, part, cells, fill))
        {
          *bad_part = g_steal_pointer (&part);
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * cp_option_table_read:
 * @value: rows separated by semicolons, such as "pawn 2 1 1; rook 3 2 1"
 * @cells: (out caller-allocates): the table, row after row
 *
 * Reads the text of a table option.  Rows that @value leaves out keep the
 * numbers of the default.
 */
gboolean
cp_option_table_read (const CpOptionSpec *spec, const char *value, int *cells, GError **error)
{
  g_autofree char *bad = NULL;
  g_autofree char *example = NULL;

  g_return_val_if_fail (spec->type == CP_OPTION_TABLE, FALSE);
  if (!read_table (spec, spec->default_value, cells, TRUE, &bad))
    g_return_val_if_reached (FALSE);
  if (read_table (spec, value, cells, FALSE, &bad))
    return TRUE;
  example = g_strstrip (g_strndup (spec->default_value, strcspn (spec->default_value, ";")));
  g_set_error (error, CP_ERROR, CP_ERROR_BAD_OPTION,
               /* Translators: %s: an option's name, a part of it that could not be read;
                * %u: how many numbers; %d: the least and the greatest; %s: an example */
               _("The option “%s” cannot be read at “%s”: write each row as its name and %u numbers "
                 "from %d to %d, such as “%s”"),
               _(spec->label), bad, cp_option_table_columns (spec), MAX (spec->min, 0), spec->max, example);
  return FALSE;
}

/**
 * cp_option_table_write:
 *
 * The text of a table option, as cp_option_table_read() reads it.
 */
char *
cp_option_table_write (const CpOptionSpec *spec, const int *cells)
{
  GString *text = g_string_new (NULL);
  guint n_columns = cp_option_table_columns (spec);

  for (guint r = 0; spec->choices[r] != NULL; r++)
    {
      guint group = 0, group_end = spec->column_group_spans != NULL ? spec->column_group_spans[0] : n_columns;

      g_string_append_printf (text, "%s%s", r > 0 ? "; " : "", spec->choices[r]);
      for (guint c = 0; c < n_columns; c++)
        {
          int cell = cells[r * n_columns + c];

          if (c == group_end && spec->column_groups[++group] != NULL)
            {
              g_string_append (text, " /");
              group_end += spec->column_group_spans[group];
            }
          if (cell == CP_OPTION_TABLE_BLANK)
            g_string_append (text, " -");
          else
            g_string_append_printf (text, " %d", cell);
        }
    }
  return g_string_free (text, FALSE);
}

/**
 * cp_rules_seat_name:
 *
 * The name of a seat, which players who are not named go by: its colour,
 * or a name of the game's own where seats share a colour.
 */
const char *
cp_rules_seat_name (const CpRules *rules, guint seat)
{
  if (rules->seat_names != NULL)
    return _(rules->seat_names[seat]);
  return cp_colour_name (rules->colours[seat]);
}

/**
 * cp_rules_seats_coloured:
 *
 * Whether a seat's colour means something: it is that of its pieces,
 * unless the pieces belong to no player, and then the seats
 * go without colours on the screen.
 */
gboolean
cp_rules_seats_coloured (const CpRules *rules)
{
  return rules->piece_colours == NULL;
}

/**
 * cp_rules_partners:
 *
 * Whether two different seats play in one team.
 */
gboolean
cp_rules_partners (const CpRules *rules, guint seat, guint other)
{
  return rules->teams != NULL && seat != other && seat < rules->max_seats && other < rules->max_seats
         && rules->teams[seat] == rules->teams[other];
}
