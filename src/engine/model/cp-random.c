/* cp-random.c: the game's seeded random numbers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cp-random.h"

static guint64
splitmix64 (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* An unbiased number below @range from the generator @state. */
static guint32
below (guint64 *state, guint32 range)
{
  guint64 limit = G_MAXUINT64 - (G_MAXUINT64 % range);
  guint64 x;

  do
    x = splitmix64 (state);
  while (x >= limit);
  return (guint32) (x % range);
}

/**
 * cp_random_draw:
 * @seed: the game's seed
 * @index: how many random results the game has drawn before
 * @range: how many outcomes there are (at least 1)
 *
 * Returns: a number from 0 to @range - 1
 */
guint32
cp_random_draw (guint64 seed, guint index, guint32 range)
{
  guint64 state = seed ^ (G_GUINT64_CONSTANT (0xd1342543de82ef95) * (index + 1));

  g_return_val_if_fail (range > 0, 0);
  splitmix64 (&state);
  return below (&state, range);
}

/**
 * cp_random_permute:
 * @key: a shuffle's key, as logged
 * @n: number of items, at most 256
 * @order: (out caller-allocates): receives the shuffled order of 0 .. n-1
 *
 * The shuffle that a logged key stands for.
 */
void
cp_random_permute (guint32 key, guint n, guint8 *order)
{
  guint64 state = key;

  g_return_if_fail (n <= 256);
  for (guint i = 0; i < n; i++)
    order[i] = (guint8) i;
  for (guint i = n; i > 1; i--)
    {
      guint j = below (&state, i);
      guint8 t = order[i - 1];

      order[i - 1] = order[j];
      order[j] = t;
    }
}

guint64
cp_random_new_seed (void)
{
  return ((guint64) g_random_int () << 32) | g_random_int ();
}
