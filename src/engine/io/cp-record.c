/* cp-record.c: game records in Chess Parlour's own XML format
 *
 * A record is a game's set-up and its action log (see
 * data/chess-parlour-record.rng for the format).  Loading checks the
 * document against the schema and then replays every action through the
 * rules, so a record that loads is a game that was really played.
 *
 * Records come from anywhere, so the reader trusts nothing: files above a
 * size limit are refused unread, documents with a document type declaration
 * are refused as soon as the parser meets it (no entity is ever declared,
 * let alone expanded or fetched), the parser never touches the network, and
 * every message libxml2 has is collected into the GError instead of being
 * printed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <string.h>

#include "cp-engine-resources.h"
#include "cp-error.h"
#include "cp-record.h"
#include "cp-registry.h"

#define SCHEMA_PATH "/io/github/chess_parlour/ChessParlour/engine/chess-parlour-record.rng"

/* How many of libxml2's messages an error quotes. */
#define MAX_PROBLEMS 8

#define READ_CHUNK (64 * 1024)

#if LIBXML_VERSION >= 21200
typedef const xmlError CpXmlError;
#else
typedef xmlError CpXmlError;
#endif

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlParserCtxt, xmlFreeParserCtxt)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlRelaxNGParserCtxt, xmlRelaxNGFreeParserCtxt)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlRelaxNGValidCtxt, xmlRelaxNGFreeValidCtxt)

/* Flags of a move that follow from the position; records leave them out. */
#define DERIVED_FLAGS (CP_ACTION_FLAG_CAPTURE | CP_ACTION_FLAG_CASTLE \
                       | CP_ACTION_FLAG_EN_PASSANT | CP_ACTION_FLAG_DOUBLE)

static gboolean
is_meta_action (CpActionType type)
{
  return type >= CP_ACTION_RESIGN && type <= CP_ACTION_CLAIM_DRAW;
}

/* Writing */

/* @text as XML 1.0 can hold it: valid UTF-8 without control characters. */
static char *
xml_text (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  GString *out = g_string_sized_new (strlen (valid));

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0xfffe || c == 0xffff)
        continue;
      g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

static void
set_attribute (xmlNode *node, const char *name, const char *value)
{
  g_autofree char *text = xml_text (value);

  xmlNewProp (node, BAD_CAST name, BAD_CAST text);
}

static void
set_number (xmlNode *node, const char *name, guint64 value)
{
  char buffer[24];

  g_snprintf (buffer, sizeof buffer, "%" G_GUINT64_FORMAT, value);
  xmlNewProp (node, BAD_CAST name, BAD_CAST buffer);
}

static void
append_seat (GString *out, guint seat)
{
  if (out->len > 0)
    g_string_append_c (out, ' ');
  if (seat == CP_SEAT_CHANCE)
    g_string_append (out, "chance");
  else
    g_string_append_printf (out, "%u", seat);
}

static void
set_seats (xmlNode *node, const char *name, CpSeatMask seats)
{
  g_autoptr (GString) list = g_string_new (NULL);

  for (guint seat = 0; seat < 8; seat++)
    if (seats & CP_SEAT_BIT (seat))
      append_seat (list, seat);
  xmlNewProp (node, BAD_CAST name, BAD_CAST list->str);
}

static void
write_setup (CpGame *game, xmlNode *root, xmlNs *ns)
{
  xmlNode *setup = xmlNewChild (root, ns, BAD_CAST "setup", NULL);
  GHashTable *options = cp_game_get_options (game);
  GList *ids = g_list_sort (g_hash_table_get_keys (options), (GCompareFunc) g_strcmp0);

  set_number (setup, "seed", cp_game_get_seed (game));
  for (GList *l = ids; l != NULL; l = l->next)
    {
      xmlNode *option = xmlNewChild (setup, ns, BAD_CAST "option", NULL);

      set_attribute (option, "id", l->data);
      set_attribute (option, "value", g_hash_table_lookup (options, l->data));
    }
  g_list_free (ids);

  for (guint seat = 0; seat < cp_game_get_n_seats (game); seat++)
    {
      CpPlayer *player = cp_game_get_player (game, seat);
      xmlNode *node = xmlNewChild (setup, ns, BAD_CAST "player", NULL);
      gboolean computer = cp_player_get_kind (player) == CP_PLAYER_COMPUTER;

      set_number (node, "seat", seat);
      set_attribute (node, "name", cp_player_get_name (player));
      set_attribute (node, "colour", cp_colour_to_id (cp_player_get_colour (player)));
      set_number (node, "team", cp_player_get_team (player));
      set_attribute (node, "kind", computer ? "computer" : "human");
      if (computer)
        set_number (node, "level", cp_player_get_level (player));
    }
}

/* The annotations of @game as the text of the tag CP_ANNOTATIONS_TAG, or
 * NULL when it has none: a line for each annotated action,
 *
 *   INDEX EVAL BEST MARK PLAYED / LINE
 *
 * the index of the action in the log, the evaluations after it and with
 * the preferred action (cp_eval_to_string()), the mark ("-" for none), the
 * action as played and the preferred line, in the game's standard
 * notation.  The action as played lets a reader drop annotations that no
 * longer fit the log, as when a version that keeps them as a mere tag has
 * changed the game. */
static char *
annotations_to_text (CpGame *game)
{
  CpAnnotations *annotations = cp_game_get_annotations (game);
  guint n = MIN (cp_annotations_get_length (annotations), cp_game_get_n_actions (game));
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      const CpAnnotation *a = cp_annotations_get (annotations, i);
      g_autoptr (CpState) before = NULL;
      g_autofree char *eval = NULL, *best = NULL, *played = NULL, *line = NULL;

      if (a == NULL)
        continue;
      before = cp_game_state_at (game, i);
      eval = cp_eval_to_string (&a->eval);
      best = cp_eval_to_string (&a->best_eval);
      played = cp_state_format (before, cp_game_get_action (game, i), CP_NOTATION_SAN);
      line = cp_annotation_format_line (a, before, CP_NOTATION_SAN);
      g_string_append_printf (out, "%s%u %s %s %s %s / %s", out->len > 0 ? "\n" : "", i, eval, best,
                              a->mark != CP_MOVE_MARK_NONE ? cp_move_mark_to_symbol (a->mark) : "-",
                              played ? played : "", line);
    }
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

static void
write_tags (CpGame *game, xmlNode *root, xmlNs *ns)
{
  g_autoptr (GHashTable) tags = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *annotations = annotations_to_text (game);
  GHashTableIter iter;
  gpointer key, value;
  GList *names;
  xmlNode *parent;

  g_hash_table_iter_init (&iter, cp_game_get_tags (game));
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (tags, key, value);
  if (annotations != NULL)
    g_hash_table_insert (tags, (gpointer) CP_ANNOTATIONS_TAG, annotations);
  else
    g_hash_table_remove (tags, CP_ANNOTATIONS_TAG);
  names = g_list_sort (g_hash_table_get_keys (tags), (GCompareFunc) g_strcmp0);
  if (names == NULL)
    return;
  parent = xmlNewChild (root, ns, BAD_CAST "tags", NULL);
  for (GList *l = names; l != NULL; l = l->next)
    {
      g_autofree char *text = xml_text (g_hash_table_lookup (tags, l->data));
      xmlNode *tag = xmlNewTextChild (parent, ns, BAD_CAST "tag", BAD_CAST text);

      set_attribute (tag, "name", l->data);
    }
  g_list_free (names);
}

/* Whether the value of an action of @type means something even when it
 * is 0, so that records show it. */
static gboolean
value_matters (CpActionType type)
{
  switch (type)
    {
    case CP_ACTION_PLAY_CARD:
    case CP_ACTION_DRAW_CARD:
    case CP_ACTION_DISCARD:
    case CP_ACTION_REVEAL:
    case CP_ACTION_ROLL:
    case CP_ACTION_SHUFFLE:
    case CP_ACTION_COMMIT:
      return TRUE;
    default:
      return FALSE;
    }
}

static void
write_cells (xmlNode *node, CpBoard *board, const CpAction *action)
{
  if (action->n_cells == 1)
    {
      g_autofree char *at = cp_board_cell_name (board, action->cells[0]);

      set_attribute (node, "at", at);
    }
  else if (action->n_cells == 2)
    {
      g_autofree char *from = cp_board_cell_name (board, action->cells[0]);
      g_autofree char *to = cp_board_cell_name (board, action->cells[1]);

      set_attribute (node, "from", from);
      set_attribute (node, "to", to);
    }
  else if (action->n_cells > 2)
    {
      g_autoptr (GString) path = g_string_new (NULL);

      for (guint i = 0; i < action->n_cells; i++)
        {
          g_autofree char *name = cp_board_cell_name (board, action->cells[i]);

          if (i > 0)
            g_string_append_c (path, ' ');
          g_string_append (path, name);
        }
      set_attribute (node, "path", path->str);
    }
}

/* @before: the state the action was made in, for its notation */
static void
write_action (xmlNode *parent, xmlNs *ns, const CpState *before, const CpAction *action)
{
  const char *type = cp_action_type_to_id (action->type);
  xmlNode *node = xmlNewChild (parent, ns, BAD_CAST (type ? type : "none"), NULL);
  g_autoptr (GString) seat = g_string_new (NULL);

  append_seat (seat, action->seat);
  set_attribute (node, "seat", seat->str);
  write_cells (node, before->board, action);
  if (action->piece != CP_PIECE_NONE && cp_piece_kind_to_id (action->piece) != NULL)
    set_attribute (node, "piece", cp_piece_kind_to_id (action->piece));
  if (action->value != 0 || value_matters (action->type))
    set_number (node, "value", action->value);
  if (action->text != NULL)
    set_attribute (node, "text", action->text);
  if (action->flags & CP_ACTION_FLAG_ENTERED)
    set_attribute (node, "entered", "true");
  if (!cp_action_is_public (action))
    set_seats (node, "visible-to", action->visible);

  if (!is_meta_action (action->type) && !(action->flags & CP_ACTION_FLAG_REDACTED))
    {
      g_autofree char *san = cp_state_format (before, action, CP_NOTATION_SAN);

      if (san != NULL && *san != '\0')
        set_attribute (node, "san", san);
    }
}

static void
write_actions (CpGame *game, xmlNode *root, xmlNs *ns)
{
  xmlNode *parent = xmlNewChild (root, ns, BAD_CAST "actions", NULL);
  g_autoptr (CpState) state = cp_game_state_at (game, 0);

  for (guint i = 0; i < cp_game_get_n_actions (game); i++)
    {
      const CpAction *action = cp_game_get_action (game, i);

      write_action (parent, ns, state, action);
      /* The log was checked on the way in; this only moves the state on. */
      cp_state_apply (state, action, NULL);
    }
}

static void
write_outcome (CpGame *game, xmlNode *root, xmlNs *ns)
{
  const CpOutcome *outcome = cp_game_get_outcome (game);
  xmlNode *node;

  if (outcome->status == CP_STATUS_PLAYING)
    return;
  node = xmlNewChild (root, ns, BAD_CAST "outcome", NULL);
  if (outcome->status == CP_STATUS_WON)
    {
      set_attribute (node, "result", "won");
      set_seats (node, "winners", outcome->winners);
    }
  else
    set_attribute (node, "result", outcome->status == CP_STATUS_LOST ? "lost" : "drawn");
  set_attribute (node, "reason", cp_end_reason_to_id (outcome->reason));
  if (outcome->scored)
    set_number (node, "score", outcome->score);
}

static xmlDoc *
build_document (CpGame *game)
{
  xmlDoc *doc = xmlNewDoc (BAD_CAST "1.0");
  xmlNode *root = xmlNewDocNode (doc, NULL, BAD_CAST "game-record", NULL);
  xmlNs *ns = xmlNewNs (root, BAD_CAST CP_RECORD_NAMESPACE, NULL);

  xmlSetNs (root, ns);
  xmlDocSetRootElement (doc, root);
  set_number (root, "version", CP_RECORD_VERSION);
  set_attribute (root, "game", cp_game_get_rules (game)->id);
  set_attribute (root, "generator", "Chess Parlour " PACKAGE_VERSION);

  write_setup (game, root, ns);
  write_tags (game, root, ns);
  write_actions (game, root, ns);
  write_outcome (game, root, ns);
  return doc;
}

/**
 * cp_record_to_string:
 * @game: a game
 * @length: (out) (optional): the length of the text in bytes
 *
 * The record of @game: its set-up, tags and whole log, secret actions
 * included.
 *
 * Returns: (transfer full): the record as UTF-8 XML
 */
char *
cp_record_to_string (CpGame *game, gsize *length)
{
  g_autoptr (xmlDoc) doc = NULL;
  xmlChar *memory = NULL;
  int size = 0;
  char *text;

  g_return_val_if_fail (CP_IS_GAME (game), NULL);

  doc = build_document (game);
  xmlDocDumpFormatMemoryEnc (doc, &memory, &size, "UTF-8", 1);
  text = g_strndup ((const char *) memory, (gsize) MAX (size, 0));
  xmlFree (memory);
  if (length != NULL)
    *length = strlen (text);
  return text;
}

/**
 * cp_record_save:
 * @game: a game
 * @file: where to save it
 * @error: return location for an error
 *
 * Saves the record of @game to @file.  The record is written to a
 * temporary file that then replaces @file, so a failed save leaves an
 * earlier record in @file as it was.
 */
gboolean
cp_record_save (CpGame *game, GFile *file, GError **error)
{
  g_autofree char *text = NULL;
  gsize length = 0;

  g_return_val_if_fail (CP_IS_GAME (game), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  text = cp_record_to_string (game, &length);
  /* No backup copy: a sandboxed application may write only the file that
   * was chosen, and the replacement is safe without one. */
  return g_file_replace_contents (file, text, length, NULL, FALSE, G_FILE_CREATE_NONE,
                                  NULL, NULL, error);
}

/* Reading */

/* libxml2's messages about one document. */
typedef struct {
  GString *text;
  guint count;
  gboolean doctype;  /* a document type declaration was met */
} Problems;

static void
problems_init (Problems *problems)
{
  *problems = (Problems) { g_string_new (NULL), 0, FALSE };
}

static void
problems_clear (Problems *problems)
{
  if (problems->text != NULL)
    g_string_free (problems->text, TRUE);
  problems->text = NULL;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Problems, problems_clear)

/* The collected messages, one a line. */
static const char *
problems_describe (Problems *problems)
{
  if (problems->count > MAX_PROBLEMS)
    {
      g_string_append_c (problems->text, '\n');
      g_string_append_printf (problems->text,
                              g_dngettext (GETTEXT_PACKAGE, "…and %u more problem",
                                           "…and %u more problems",
                                           problems->count - MAX_PROBLEMS),
                              problems->count - MAX_PROBLEMS);
      problems->count = MAX_PROBLEMS;
    }
  return problems->text->str;
}

static void
collect_problem (void *data, CpXmlError *error)
{
  Problems *problems = data;
  g_autofree char *message = NULL;

  if (error == NULL || error->level == XML_ERR_WARNING)
    return;
  if (++problems->count > MAX_PROBLEMS)
    return;

  /* libxml2 quotes the bytes it could not read, which need not be UTF-8. */
  message = g_strstrip (g_utf8_make_valid (error->message ? error->message : "", -1));
  if (problems->text->len > 0)
    g_string_append_c (problems->text, '\n');
  if (error->line > 0)
    g_string_append_printf (problems->text, _("Line %d: %s"), error->line, message);
  else
    g_string_append (problems->text, message);
}

static void
collect_parser_problem (void *context, CpXmlError *error)
{
  xmlParserCtxt *ctxt = context;

  collect_problem (ctxt->_private, error);
}

static void
ignore_message (void *data, const char *format, ...)
{
}

/* Called when the parser meets <!DOCTYPE: game records have none, and a
 * document type could declare entities, so the parse stops here. */
static void
refuse_doctype (void *context, const xmlChar *name, const xmlChar *external_id,
                const xmlChar *system_id)
{
  xmlParserCtxt *ctxt = context;
  Problems *problems = ctxt->_private;

  problems->doctype = TRUE;
  xmlStopParser (ctxt);
}

/* Sends libxml2's messages that have no context of their own to @problems
 * until quiet_end(), so that nothing reaches the terminal. */
static void
quiet_begin (Problems *problems)
{
  xmlSetStructuredErrorFunc (problems, collect_problem);
  xmlSetGenericErrorFunc (NULL, ignore_message);
}

static void
quiet_end (void)
{
  xmlSetStructuredErrorFunc (NULL, NULL);
  xmlSetGenericErrorFunc (NULL, NULL);
}

static void
init_libxml (void)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      xmlInitParser ();
      g_once_init_leave (&initialized, 1);
    }
}

#define bad_record(error, ...) cp_error_fail ((error), CP_ERROR_BAD_RECORD, __VA_ARGS__)

/* Whether @data could be XML at all: after an optional byte order mark
 * and white space, XML starts with '<'. */
static gboolean
looks_like_xml (const char *data, gsize length)
{
  const guchar *p = (const guchar *) data;
  const guchar *end = p + length;

  if (length >= 2 && ((p[0] == 0xfe && p[1] == 0xff) || (p[0] == 0xff && p[1] == 0xfe)))
    return TRUE;  /* UTF-16: libxml2 decides */
  if (length >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf)
    p += 3;
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
    p++;
  return p < end && *p == '<';
}

static xmlDoc *
parse_document (const char *data, gsize length, GError **error)
{
  g_autoptr (xmlParserCtxt) ctxt = NULL;
  g_auto (Problems) problems = { 0 };
  g_autoptr (xmlDoc) doc = NULL;
  /* Never XML_PARSE_NOENT, XML_PARSE_DTDLOAD, XML_PARSE_DTDATTR or
   * XML_PARSE_DTDVALID, nor XML_PARSE_HUGE: nothing is loaded, no entity
   * is substituted, and libxml2's limits stay on. */
  const int options = XML_PARSE_NONET | XML_PARSE_BIG_LINES;

  if (length == 0)
    {
      bad_record (error, _("The file is empty"));
      return NULL;
    }
  if (length > CP_RECORD_MAX_SIZE)
    {
      bad_record (error, _("The file is too large to be a game record (more than %u MiB)"),
                  CP_RECORD_MAX_SIZE / (1024 * 1024));
      return NULL;
    }
  if (!looks_like_xml (data, length))
    {
      bad_record (error, _("This file is not a Chess Parlour game record: it is not an XML document"));
      return NULL;
    }

  init_libxml ();
  problems_init (&problems);
  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    {
      bad_record (error, _("Not enough memory to read the record"));
      return NULL;
    }
  ctxt->_private = &problems;
  ctxt->sax->internalSubset = refuse_doctype;
  ctxt->sax->serror = collect_parser_problem;

  quiet_begin (&problems);
  doc = xmlCtxtReadMemory (ctxt, data, (int) length, NULL, NULL, options);
  quiet_end ();

  if (problems.doctype)
    {
      bad_record (error, _("The file contains a document type declaration (<!DOCTYPE …>), "
                           "which game records never have; it was not read any further"));
      return NULL;
    }
  if (doc == NULL || !ctxt->wellFormed)
    {
      bad_record (error, _("The record is damaged or incomplete: it is not well-formed XML.\n%s"),
                  problems_describe (&problems));
      return NULL;
    }
  return g_steal_pointer (&doc);
}

static xmlRelaxNG *
compile_schema (char **failure)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (xmlRelaxNGParserCtxt) ctxt = NULL;
  g_auto (Problems) problems = { 0 };
  xmlRelaxNG *schema;
  gsize size;
  const char *data;

  bytes = g_resource_lookup_data (cp_engine_get_resource (), SCHEMA_PATH,
                                  G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    {
      *failure = g_strdup_printf (_("The schema of game records is missing: %s"), error->message);
      return NULL;
    }
  data = g_bytes_get_data (bytes, &size);

  problems_init (&problems);
  quiet_begin (&problems);
  ctxt = xmlRelaxNGNewMemParserCtxt (data, (int) size);
  xmlRelaxNGSetParserStructuredErrors (ctxt, collect_problem, &problems);
  schema = xmlRelaxNGParse (ctxt);
  quiet_end ();

  if (schema == NULL)
    *failure = g_strdup_printf (_("The schema of game records is damaged:\n%s"),
                                problems_describe (&problems));
  return schema;
}

/* The schema, compiled once and then shared. */
static xmlRelaxNG *
record_schema (GError **error)
{
  static gsize initialized = 0;
  static xmlRelaxNG *schema;
  static char *failure;

  if (g_once_init_enter (&initialized))
    {
      init_libxml ();
      schema = compile_schema (&failure);
      g_once_init_leave (&initialized, 1);
    }
  if (schema == NULL)
    g_set_error_literal (error, CP_ERROR, CP_ERROR_BAD_RECORD, failure);
  return schema;
}

static gboolean
validate_document (xmlDoc *doc, GError **error)
{
  static GMutex lock;
  g_autoptr (xmlRelaxNGValidCtxt) ctxt = NULL;
  g_auto (Problems) problems = { 0 };
  xmlRelaxNG *schema = record_schema (error);
  int result;

  if (schema == NULL)
    return FALSE;

  problems_init (&problems);
  g_mutex_lock (&lock);
  quiet_begin (&problems);
  ctxt = xmlRelaxNGNewValidCtxt (schema);
  xmlRelaxNGSetValidStructuredErrors (ctxt, collect_problem, &problems);
  result = xmlRelaxNGValidateDoc (ctxt, doc);
  g_clear_pointer (&ctxt, xmlRelaxNGFreeValidCtxt);
  quiet_end ();
  g_mutex_unlock (&lock);

  if (result != 0)
    return bad_record (error, _("The file does not follow the format of Chess Parlour game records:\n%s"),
                       problems_describe (&problems));
  return TRUE;
}

/* An attribute's value, or NULL. */
static char *
get_attribute (xmlNode *node, const char *name)
{
  xmlChar *value = xmlGetNoNsProp (node, BAD_CAST name);
  char *copy;

  if (value == NULL)
    return NULL;
  copy = g_strdup ((const char *) value);
  xmlFree (value);
  return copy;
}

static gboolean
in_namespace (xmlNode *node)
{
  return node->ns != NULL && node->ns->href != NULL
         && strcmp ((const char *) node->ns->href, CP_RECORD_NAMESPACE) == 0;
}

static gboolean
is_element (xmlNode *node, const char *name)
{
  return node != NULL && node->type == XML_ELEMENT_NODE && in_namespace (node)
         && strcmp ((const char *) node->name, name) == 0;
}

/* What can be told before the schema looks at the document: whether it is
 * a game record at all, and whether this version can read it. */
static gboolean
check_root (xmlNode *root, GError **error)
{
  g_autofree char *version = NULL;
  guint64 number;

  if (root == NULL)
    return bad_record (error, _("The record is empty"));
  if (!is_element (root, "game-record"))
    {
      if (root->ns != NULL && root->ns->href != NULL)
        return bad_record (error,
                           _("This XML file is not a Chess Parlour game record: its root element is "
                             "“%s” in the namespace “%s”"),
                           (const char *) root->name, (const char *) root->ns->href);
      return bad_record (error,
                         _("This XML file is not a Chess Parlour game record: its root element is "
                           "“%s” in no namespace"),
                         (const char *) root->name);
    }

  version = get_attribute (root, "version");
  if (version != NULL
      && g_ascii_string_to_unsigned (version, 10, 0, G_MAXUINT64, &number, NULL)
      && number > CP_RECORD_VERSION)
    return bad_record (error,
                       _("This record was made by a newer version of Chess Parlour (record format "
                         "%s; this version reads format %u and older). Update Chess Parlour to "
                         "open it."),
                       version, CP_RECORD_VERSION);
  return TRUE;
}

/* The number of players, told before the schema would tell it less
 * plainly. */
static gboolean
check_players (xmlNode *root, GError **error)
{
  guint n = 0;

  for (xmlNode *setup = xmlFirstElementChild (root); setup; setup = xmlNextElementSibling (setup))
    if (is_element (setup, "setup"))
      for (xmlNode *node = xmlFirstElementChild (setup); node; node = xmlNextElementSibling (node))
        n += is_element (node, "player");
  if (n == 0)
    return bad_record (error, _("The record has no players"));
  if (n > CP_MAX_SEATS)
    return bad_record (error, _("The record has %u players; no game has more than %u"), n, CP_MAX_SEATS);
  return TRUE;
}

/* Puts the line of @node before the message of @error. */
static void
at_line (GError **error, xmlNode *node)
{
  g_prefix_error (error, _("Line %ld: "), xmlGetLineNo (node));
}

static gboolean
parse_number (const char *text, guint64 max, guint64 *number, GError **error)
{
  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, max, number, NULL))
    {
      g_autofree char *limit = g_strdup_printf ("%" G_GUINT64_FORMAT, max);

      return bad_record (error, _("“%s” is not a number from 0 to %s"), text ? text : "", limit);
    }
  return TRUE;
}

/* The number in the attribute @name of @node; @number is left as it was
 * when there is no such attribute. */
static gboolean
read_number (xmlNode *node, const char *name, guint64 max, guint64 *number, GError **error)
{
  g_autofree char *text = get_attribute (node, name);

  return text == NULL || parse_number (text, max, number, error);
}

static gboolean
parse_seat (const char *text, guint *seat, GError **error)
{
  guint64 number;

  if (g_strcmp0 (text, "chance") == 0)
    {
      *seat = CP_SEAT_CHANCE;
      return TRUE;
    }
  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, CP_SEAT_CHANCE - 1, &number, NULL))
    return bad_record (error, _("“%s” is not a seat"), text ? text : "");
  *seat = (guint) number;
  return TRUE;
}

static gboolean
parse_seats (const char *text, CpSeatMask *seats, GError **error)
{
  g_auto (GStrv) words = g_strsplit_set (text, " \t\r\n", -1);

  *seats = 0;
  for (guint i = 0; words[i] != NULL; i++)
    {
      guint seat;

      if (*words[i] == '\0')
        continue;
      if (!parse_seat (words[i], &seat, error))
        return FALSE;
      *seats |= CP_SEAT_BIT (seat);
    }
  return TRUE;
}

static gboolean
parse_boolean (const char *text)
{
  return g_strcmp0 (text, "true") == 0 || g_strcmp0 (text, "1") == 0;
}

static gboolean
read_options (xmlNode *setup, GHashTable *options, GError **error)
{
  for (xmlNode *node = xmlFirstElementChild (setup); node; node = xmlNextElementSibling (node))
    {
      g_autofree char *id = NULL;

      if (!is_element (node, "option"))
        continue;
      id = get_attribute (node, "id");
      if (id == NULL || g_hash_table_contains (options, id))
        {
          bad_record (error, _("The option “%s” is given twice"), id ? id : "");
          at_line (error, node);
          return FALSE;
        }
      g_hash_table_insert (options, g_steal_pointer (&id), get_attribute (node, "value"));
    }
  return TRUE;
}

/* The <player> elements by seat; their number is the number of seats. */
static GPtrArray *
find_players (xmlNode *setup, GError **error)
{
  g_autoptr (GPtrArray) players = g_ptr_array_new ();
  guint n = 0;

  /* check_players() has counted them. */
  for (xmlNode *node = xmlFirstElementChild (setup); node; node = xmlNextElementSibling (node))
    n += is_element (node, "player");
  g_ptr_array_set_size (players, n);

  for (xmlNode *node = xmlFirstElementChild (setup); node; node = xmlNextElementSibling (node))
    {
      g_autofree char *text = NULL;
      guint64 seat;

      if (!is_element (node, "player"))
        continue;
      text = get_attribute (node, "seat");
      if (!parse_number (text, CP_MAX_SEATS - 1, &seat, error))
        {
          at_line (error, node);
          return NULL;
        }
      if (seat >= n || g_ptr_array_index (players, seat) != NULL)
        {
          bad_record (error, _("There are %u players, so their seats are numbered from 0 to %u, "
                               "each once"), n, n - 1);
          at_line (error, node);
          return NULL;
        }
      g_ptr_array_index (players, seat) = node;
    }
  return g_steal_pointer (&players);
}

static gboolean
read_player (CpGame *game, guint seat, xmlNode *node, GError **error)
{
  CpPlayer *player = cp_game_get_player (game, seat);
  g_autofree char *name = get_attribute (node, "name");
  g_autofree char *colour_id = get_attribute (node, "colour");
  g_autofree char *kind = get_attribute (node, "kind");
  CpColour colour;
  guint64 team = seat, level = 0;

  if (name != NULL && g_utf8_strlen (name, -1) > CP_PLAYER_MAX_NAME_LENGTH)
    bad_record (error, _("The name of the player in seat %u is longer than %u characters"),
                seat, CP_PLAYER_MAX_NAME_LENGTH);
  else if (!cp_colour_from_id (colour_id, &colour))
    bad_record (error, _("“%s” is not a colour"), colour_id ? colour_id : "");
  else if (colour != cp_player_get_colour (player))
    bad_record (error, _("In %s, seat %u plays %s, not %s"),
                _(cp_game_get_rules (game)->name), seat,
                cp_colour_name (cp_player_get_colour (player)), cp_colour_name (colour));
  else if (read_number (node, "team", CP_MAX_SEATS - 1, &team, error)
           && read_number (node, "level", 10, &level, error))
    {
      cp_player_set_name (player, name);
      cp_player_set_team (player, (guint) team);
      cp_player_set_computer (player, g_strcmp0 (kind, "computer") == 0, (guint) level);
      return TRUE;
    }
  at_line (error, node);
  return FALSE;
}

/* The action of the legal actions in @state whose text in the standard
 * notation starts @text and is followed by a space or the end, the
 * longest such; its length, or 0 when none is. */
static gsize
match_action (const CpState *state, const char *text, CpAction *action)
{
  g_auto (CpActionList) legal;
  gsize best = 0;
  guint seat;

  cp_action_list_init (&legal);
  if (cp_state_pending (state) & CP_SEAT_BIT (CP_SEAT_CHANCE))
    return 0;
  seat = cp_state_first_pending (state);
  if (seat >= CP_MAX_SEATS)
    return 0;
  cp_state_legal (state, seat, &legal);
  for (guint i = 0; i < legal.len; i++)
    {
      g_autofree char *san = cp_state_format (state, &legal.items[i], CP_NOTATION_SAN);
      gsize n = san ? strlen (san) : 0;

      if (n > best && strncmp (text, san, n) == 0 && (text[n] == '\0' || text[n] == ' '))
        {
          best = n;
          *action = legal.items[i];
        }
    }
  return best;
}

/* One line of the tag of annotations (see annotations_to_text()); FALSE
 * when it does not fit the game's log. */
static gboolean
read_annotation (CpGame *game, const char *entry, guint *index, CpAnnotation *a)
{
  g_auto (GStrv) fields = g_strsplit (entry, " ", 5);
  const char *rest, *slash;
  g_autofree char *played = NULL, *expected = NULL;
  g_autoptr (CpState) state = NULL;
  guint64 number;

  *a = (CpAnnotation) { 0 };
  if (g_strv_length (fields) < 5
      || !g_ascii_string_to_unsigned (fields[0], 10, 0, cp_game_get_n_actions (game) - 1, &number, NULL)
      || !cp_eval_from_string (fields[1], &a->eval)
      || !cp_eval_from_string (fields[2], &a->best_eval))
    return FALSE;
  if (g_strcmp0 (fields[3], "-") != 0 && !cp_move_mark_from_symbol (fields[3], &a->mark))
    return FALSE;
  *index = (guint) number;
  rest = fields[4];
  slash = strstr (rest, " / ");
  if (slash == NULL && g_str_has_suffix (rest, " /"))
    slash = rest + strlen (rest) - 2;
  if (slash == NULL)
    return FALSE;
  played = g_strndup (rest, slash - rest);
  state = cp_game_state_at (game, *index);
  expected = cp_state_format (state, cp_game_get_action (game, *index), CP_NOTATION_SAN);
  if (g_strcmp0 (played, expected) != 0)
    return FALSE;
  rest = slash[2] == ' ' ? slash + 3 : slash + 2;
  while (*rest != '\0' && a->n_line < CP_ANNOTATION_MAX_LINE)
    {
      CpAction action;
      gsize n = match_action (state, rest, &action);

      if (n == 0 || !cp_state_apply (state, &action, NULL))
        break;
      action.text = NULL;
      a->line[a->n_line++] = action;
      rest += n;
      while (*rest == ' ')
        rest++;
    }
  return TRUE;
}

/* Moves the tag of annotations into the game's annotations; lines that
 * do not fit the log are passed over, as an annotation never stops a
 * record from loading. */
static void
read_annotations (CpGame *game)
{
  GHashTable *tags = cp_game_get_tags (game);
  const char *text = g_hash_table_lookup (tags, CP_ANNOTATIONS_TAG);
  g_auto (GStrv) entries = NULL;

  if (text == NULL)
    return;
  entries = g_strsplit (text, "\n", -1);
  for (guint i = 0; entries[i] != NULL; i++)
    {
      CpAnnotation a;
      guint index;

      g_strstrip (entries[i]);
      if (cp_game_get_n_actions (game) > 0 && read_annotation (game, entries[i], &index, &a))
        cp_annotations_set (cp_game_get_annotations (game), index, &a);
    }
  g_hash_table_remove (tags, CP_ANNOTATIONS_TAG);
}

static void
read_tags (CpGame *game, xmlNode *parent)
{
  GHashTable *tags = cp_game_get_tags (game);

  for (xmlNode *node = xmlFirstElementChild (parent); node; node = xmlNextElementSibling (node))
    {
      g_autofree char *name = NULL;
      xmlChar *value;

      if (!is_element (node, "tag") || (name = get_attribute (node, "name")) == NULL)
        continue;
      value = xmlNodeGetContent (node);
      g_hash_table_insert (tags, g_steal_pointer (&name),
                           g_strdup (value ? (const char *) value : ""));
      xmlFree (value);
    }
}

static gboolean
read_cells (CpBoard *board, xmlNode *node, CpAction *action, GError **error)
{
  g_autofree char *at = get_attribute (node, "at");
  g_autofree char *from = get_attribute (node, "from");
  g_autofree char *to = get_attribute (node, "to");
  g_autofree char *path = get_attribute (node, "path");
  g_auto (GStrv) names = NULL;

  if (at != NULL)
    names = g_strdupv ((char *[]) { at, NULL });
  else if (from != NULL && to != NULL)
    names = g_strdupv ((char *[]) { from, to, NULL });
  else if (path != NULL)
    names = g_strsplit_set (path, " \t\r\n", -1);
  else
    return TRUE;

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autoptr (GError) local = NULL;
      guint cell;

      if (*names[i] == '\0')
        continue;
      if (action->n_cells == CP_ACTION_MAX_CELLS)
        return bad_record (error, _("An action has at most %u cells"), CP_ACTION_MAX_CELLS);
      if (!cp_board_parse_cell (board, names[i], &cell, &local))
        return bad_record (error, "%s", local->message);
      action->cells[action->n_cells++] = (guint8) cell;
    }
  return TRUE;
}

/* Reads the action that @node describes; errors say nothing of where it
 * is, the caller does.  The action's text is @text, which the caller
 * frees; @stated tells whether the record says who may see the action. */
static gboolean
read_action (CpBoard *board, xmlNode *node, CpAction *action, char **text, gboolean *stated,
             GError **error)
{
  g_autofree char *seat_text = get_attribute (node, "seat");
  g_autofree char *piece = get_attribute (node, "piece");
  g_autofree char *entered = get_attribute (node, "entered");
  g_autofree char *visible = get_attribute (node, "visible-to");
  CpActionType type;
  CpPieceKind kind;
  guint seat;
  guint64 value = 0;

  if (!cp_action_type_from_id ((const char *) node->name, &type))
    return bad_record (error, _("“%s” is not an action"), (const char *) node->name);
  if (!parse_seat (seat_text, &seat, error))
    return FALSE;
  cp_action_init (action, type, seat);
  *text = get_attribute (node, "text");
  if (*text != NULL && type != CP_ACTION_CARD_NOTE)
    return bad_record (error, _("Only a card note carries a text; a “%s” action does not"),
                       (const char *) node->name);

  if (!read_cells (board, node, action, error))
    return FALSE;
  if (piece != NULL)
    {
      if (!cp_piece_kind_from_id (piece, &kind))
        return bad_record (error, _("“%s” is not a kind of piece"), piece);
      action->piece = (guint8) kind;
    }
  if (!read_number (node, "value", G_MAXUINT32, &value, error))
    return FALSE;
  action->value = (guint32) value;
  action->text = *text;
  if (parse_boolean (entered))
    action->flags |= CP_ACTION_FLAG_ENTERED;
  *stated = visible != NULL;
  if (visible != NULL && !parse_seats (visible, &action->visible, error))
    return FALSE;
  return TRUE;
}

/* Whether the players the record shows an action to, @stated, are those
 * the rules show it to, @logged.  Seats the game does not have do not
 * count. */
static gboolean
check_visibility (CpGame *game, CpSeatMask logged, CpSeatMask stated, GError **error)
{
  CpSeatMask players = (CpSeatMask) ((1u << cp_game_get_n_seats (game)) - 1);

  if (logged & ~stated & players)
    return bad_record (error, _("The record hides this action from players who may see it"));
  if (stated & ~logged & players)
    return bad_record (error, _("The record shows a secret action to players who may not see it"));
  return TRUE;
}

/* Records leave out the flags that follow from the position; they are
 * those of the legal action that does the same. */
static void
complete_flags (const CpState *state, CpAction *action)
{
  g_auto (CpActionList) legal = { 0 };
  CpAction plain = *action;

  if (action->seat >= CP_MAX_SEATS || is_meta_action (action->type))
    return;
  cp_state_legal (state, action->seat, &legal);
  plain.flags &= (guint8) ~DERIVED_FLAGS;
  for (guint i = 0; i < legal.len; i++)
    {
      CpAction candidate = legal.items[i];

      candidate.flags &= (guint8) ~DERIVED_FLAGS;
      if (cp_action_same (&candidate, &plain))
        {
          action->flags = (guint8) (plain.flags | (legal.items[i].flags & DERIVED_FLAGS));
          return;
        }
    }
}

/* Where an action is, for messages: "Move 9 for Black (ply 17, line 40)". */
static char *
describe_ply (CpGame *game, guint index, const CpAction *action, xmlNode *node)
{
  const CpState *state = cp_game_get_state (game);
  long line = xmlGetLineNo (node);

  if (action->seat == CP_SEAT_CHANCE)
    return g_strdup_printf (_("Random result at ply %u (line %ld)"), index + 1, line);
  if (action->seat < cp_game_get_n_seats (game))
    {
      CpPlayer *player = cp_game_get_player (game, action->seat);

      return g_strdup_printf (_("Move %u for %s (ply %u, line %ld)"),
                              state->ply / MAX (state->n_seats, 1u) + 1,
                              cp_colour_name (cp_player_get_colour (player)), index + 1, line);
    }
  return g_strdup_printf (_("Ply %u (line %ld)"), index + 1, line);
}

static gboolean
read_actions (CpGame *game, xmlNode *parent, GError **error)
{
  CpBoard *board = cp_game_get_state (game)->board;
  guint index = 0;

  if (xmlChildElementCount (parent) > CP_RECORD_MAX_ACTIONS)
    {
      bad_record (error, _("The record holds %lu actions, more than the %u that can be read"),
                  xmlChildElementCount (parent), CP_RECORD_MAX_ACTIONS);
      at_line (error, parent);
      return FALSE;
    }
  for (xmlNode *node = xmlFirstElementChild (parent); node; node = xmlNextElementSibling (node))
    {
      g_autoptr (GError) local = NULL;
      g_autofree char *where = NULL;
      g_autofree char *text = NULL;
      gboolean stated = FALSE;
      CpAction action;

      if (!read_action (board, node, &action, &text, &stated, &local))
        {
          g_set_error (error, CP_ERROR, CP_ERROR_BAD_RECORD, _("Ply %u (line %ld): %s"),
                       index + 1, xmlGetLineNo (node), local->message);
          return FALSE;
        }
      complete_flags (cp_game_get_state (game), &action);
      where = describe_ply (game, index, &action, node);
      /* The game logs the action as the rules show it, which is what a
       * record that says whom it shows it to must say. */
      if (!cp_game_append (game, &action, &local)
          || (stated && !check_visibility (game, cp_game_get_action (game, index)->visible,
                                           action.visible, &local)))
        {
          /* The rules' reason keeps its error code. */
          g_set_error (error, local->domain, local->code, _("%s: %s"), where, local->message);
          return FALSE;
        }
      index++;
    }
  return TRUE;
}

static CpGame *
read_game (xmlNode *root, GError **error)
{
  g_autoptr (GHashTable) options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (CpGame) game = NULL;
  g_autofree char *game_id = get_attribute (root, "game");
  g_autofree char *seed_text = NULL;
  xmlNode *setup = NULL, *tags = NULL, *actions = NULL;
  guint64 seed;

  for (xmlNode *node = xmlFirstElementChild (root); node; node = xmlNextElementSibling (node))
    {
      if (is_element (node, "setup"))
        setup = node;
      else if (is_element (node, "tags"))
        tags = node;
      else if (is_element (node, "actions"))
        actions = node;
    }
  if (setup == NULL || actions == NULL)
    {
      bad_record (error, _("The set-up or the actions are missing"));
      return NULL;
    }

  seed_text = get_attribute (setup, "seed");
  if (!parse_number (seed_text, G_MAXUINT64, &seed, error))
    {
      at_line (error, setup);
      return NULL;
    }
  if (!read_options (setup, options, error))
    return NULL;
  players = find_players (setup, error);
  if (players == NULL)
    return NULL;

  game = cp_game_new (game_id, options, players->len, seed, error);
  if (game == NULL)
    return NULL;
  for (guint seat = 0; seat < players->len; seat++)
    if (!read_player (game, seat, g_ptr_array_index (players, seat), error))
      return NULL;
  if (tags != NULL)
    read_tags (game, tags);
  if (!read_actions (game, actions, error))
    return NULL;
  read_annotations (game);

  /* A random result due after the last action is drawn as the game would. */
  cp_game_resolve_chance (game);
  return g_steal_pointer (&game);
}

/**
 * cp_record_load_data:
 * @data: the text of a record
 * @length: its length in bytes
 * @error: return location for an error
 *
 * Reads a game record: checks it against the schema of records and
 * replays its actions through the rules.
 *
 * Returns: (transfer full): the game, or %NULL with @error set
 */
CpGame *
cp_record_load_data (const char *data, gsize length, GError **error)
{
  g_autoptr (xmlDoc) doc = NULL;
  xmlNode *root;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  doc = parse_document (data, length, error);
  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  if (!check_root (root, error) || !check_players (root, error) || !validate_document (doc, error))
    return NULL;
  return read_game (root, error);
}

/* The contents of @file, refused when larger than records may be. */
static GBytes *
read_file (GFile *file, GError **error)
{
  g_autoptr (GFileInputStream) stream = NULL;
  g_autoptr (GFileInfo) info = NULL;
  g_autoptr (GByteArray) buffer = NULL;

  stream = g_file_read (file, NULL, error);
  if (stream == NULL)
    return NULL;

  info = g_file_input_stream_query_info (stream, G_FILE_ATTRIBUTE_STANDARD_SIZE, NULL, NULL);
  if (info != NULL && g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_SIZE)
      && g_file_info_get_size (info) > CP_RECORD_MAX_SIZE)
    goto too_large;

  /* The size may be unknown or change while reading: read no more than
   * one chunk past the limit. */
  buffer = g_byte_array_new ();
  for (;;)
    {
      guint old = buffer->len;
      gsize n = 0;

      g_byte_array_set_size (buffer, old + READ_CHUNK);
      if (!g_input_stream_read_all (G_INPUT_STREAM (stream), buffer->data + old, READ_CHUNK, &n,
                                    NULL, error))
        return NULL;
      g_byte_array_set_size (buffer, old + (guint) n);
      if (buffer->len > CP_RECORD_MAX_SIZE)
        goto too_large;
      if (n < READ_CHUNK)
        break;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&buffer));

too_large:
  bad_record (error, _("The file is too large to be a game record (more than %u MiB)"),
              CP_RECORD_MAX_SIZE / (1024 * 1024));
  return NULL;
}

/**
 * cp_record_load:
 * @file: a game record
 * @error: return location for an error
 *
 * Reads the game record in @file, see cp_record_load_data().
 *
 * Returns: (transfer full): the game, or %NULL with @error set
 */
CpGame *
cp_record_load (GFile *file, GError **error)
{
  g_autoptr (GBytes) bytes = NULL;
  gsize length;
  const char *data;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  bytes = read_file (file, error);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  return cp_record_load_data (data ? data : "", length, error);
}

/**
 * cp_record_validate_file:
 * @file: a game record
 * @error: return location for an error
 *
 * Checks that @file is a game record that Chess Parlour can load: that it
 * follows the schema and that every action in it is legal.
 */
gboolean
cp_record_validate_file (GFile *file, GError **error)
{
  g_autoptr (CpGame) game = cp_record_load (file, error);

  return game != NULL;
}
