/* cp-player.c: a seat's player
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-player.h"

struct _CpPlayer
{
  GObject parent_instance;

  char *name;
  guint seat;
  CpColour colour;
  guint team;
  CpPlayerKind kind;
  guint level;
};

G_DEFINE_FINAL_TYPE (CpPlayer, cp_player, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_SEAT,
  PROP_COLOUR,
  PROP_TEAM,
  PROP_COMPUTER,
  PROP_LEVEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
cp_player_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  CpPlayer *self = CP_PLAYER (object);

  switch (prop_id)
    {
    case PROP_NAME: g_value_set_string (value, self->name); break;
    case PROP_SEAT: g_value_set_uint (value, self->seat); break;
    case PROP_COLOUR: g_value_set_uint (value, self->colour); break;
    case PROP_TEAM: g_value_set_uint (value, self->team); break;
    case PROP_COMPUTER: g_value_set_boolean (value, self->kind == CP_PLAYER_COMPUTER); break;
    case PROP_LEVEL: g_value_set_uint (value, self->level); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_player_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  CpPlayer *self = CP_PLAYER (object);

  switch (prop_id)
    {
    case PROP_NAME: cp_player_set_name (self, g_value_get_string (value)); break;
    case PROP_SEAT: self->seat = g_value_get_uint (value); break;
    case PROP_COLOUR: self->colour = g_value_get_uint (value); break;
    case PROP_TEAM: cp_player_set_team (self, g_value_get_uint (value)); break;
    case PROP_COMPUTER: cp_player_set_computer (self, g_value_get_boolean (value), self->level); break;
    case PROP_LEVEL: cp_player_set_computer (self, self->kind == CP_PLAYER_COMPUTER, g_value_get_uint (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cp_player_finalize (GObject *object)
{
  g_free (CP_PLAYER (object)->name);
  G_OBJECT_CLASS (cp_player_parent_class)->finalize (object);
}

static void
cp_player_class_init (CpPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags ro = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = cp_player_get_property;
  object_class->set_property = cp_player_set_property;
  object_class->finalize = cp_player_finalize;

  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, "", rw);
  properties[PROP_SEAT] = g_param_spec_uint ("seat", NULL, NULL, 0, CP_MAX_SEATS - 1, 0, ro);
  properties[PROP_COLOUR] = g_param_spec_uint ("colour", NULL, NULL, 0, CP_N_COLOURS - 1, 0, ro);
  properties[PROP_TEAM] = g_param_spec_uint ("team", NULL, NULL, 0, CP_MAX_SEATS - 1, 0, rw);
  properties[PROP_COMPUTER] = g_param_spec_boolean ("computer", NULL, NULL, FALSE, rw);
  properties[PROP_LEVEL] = g_param_spec_uint ("level", NULL, NULL, 0, 10, 0, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cp_player_init (CpPlayer *self)
{
  self->name = g_strdup ("");
}

CpPlayer *
cp_player_new (const char *name, guint seat, CpColour colour)
{
  return g_object_new (CP_TYPE_PLAYER, "name", name, "seat", seat, "colour", colour,
                       "team", seat, NULL);
}

const char *
cp_player_get_name (CpPlayer *self)
{
  return self->name;
}

/* @name as a name may be: valid UTF-8 of at most CP_PLAYER_MAX_NAME_LENGTH
 * characters. */
static char *
fit_name (const char *name)
{
  g_autofree char *valid = g_utf8_make_valid (name != NULL ? name : "", -1);

  return g_utf8_substring (valid, 0, MIN (g_utf8_strlen (valid, -1), CP_PLAYER_MAX_NAME_LENGTH));
}

/**
 * cp_player_set_name:
 * @name: (nullable): the name; bytes that are not UTF-8 become U+FFFD,
 *   and characters beyond CP_PLAYER_MAX_NAME_LENGTH are left out
 */
void
cp_player_set_name (CpPlayer *self, const char *name)
{
  g_autofree char *fitted = NULL;

  g_return_if_fail (CP_IS_PLAYER (self));

  fitted = fit_name (name);
  if (g_strcmp0 (self->name, fitted) == 0)
    return;
  g_free (self->name);
  self->name = g_steal_pointer (&fitted);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

guint
cp_player_get_seat (CpPlayer *self)
{
  return self->seat;
}

CpColour
cp_player_get_colour (CpPlayer *self)
{
  return self->colour;
}

/* Seats with the same team number play together. */
guint
cp_player_get_team (CpPlayer *self)
{
  return self->team;
}

void
cp_player_set_team (CpPlayer *self, guint team)
{
  g_return_if_fail (CP_IS_PLAYER (self));

  if (self->team == team)
    return;
  self->team = team;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEAM]);
}

CpPlayerKind
cp_player_get_kind (CpPlayer *self)
{
  return self->kind;
}

guint
cp_player_get_level (CpPlayer *self)
{
  return self->level;
}

void
cp_player_set_computer (CpPlayer *self, gboolean computer, guint level)
{
  g_return_if_fail (CP_IS_PLAYER (self));

  g_object_freeze_notify (G_OBJECT (self));
  if ((self->kind == CP_PLAYER_COMPUTER) != !!computer)
    {
      self->kind = computer ? CP_PLAYER_COMPUTER : CP_PLAYER_HUMAN;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTER]);
    }
  if (self->level != level)
    {
      self->level = level;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEVEL]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}
