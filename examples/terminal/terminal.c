/*
 * terminal.c — a small terminal UI laid out by Brace, in plain C with ANSI escapes.
 * docs/toolkit.md walks through it.
 *
 *   make terminal                 build it against the installed library
 *   terminal                      run it in the terminal: h hides "Drafts", + and -
 *                                 widen and narrow the sidebar, q quits
 *   terminal --size 80x24 --once  print the screen as plain text and exit (the tests)
 *   terminal --size 80x24 --once --keys h+
 *                                 the same after pressing h, then +
 *
 * The screen, in cells (scale 1, one point per cell):
 *
 *   header   a horizontal stack: the title, which stretches, and a clock
 *   sidebar  a vertical stack of menu items (one of them hideable) and a spacer, inside
 *            a right margin of 1 where the sidebar draws its border
 *   main     a view laid out with constraints (the visual format language): a paragraph
 *            that wraps, measured by the measure callback, and two buttons of equal width
 *   status   one line of help, or the last diagnostic
 *
 * The four are placed in the window (the root) with constraints too; the sidebar's width
 * is a constraint whose constant the + and - keys change. Spacings are 0, 1 or 2 cells:
 * UIKit's standard 8 would be a third of the screen.
 *
 * Painting. The screen is a grid of cells. After each turn of the update cycle the
 * program asks Brace which frames changed (brace_context_get_changed_frames, in the
 * root's coordinates), repaints the union of their old and new rectangles, and writes
 * only those cells to the terminal. Changes that move no frame (hiding a view, new text)
 * are damaged by the program itself, as UIKit leaves them to the view that changed. In
 * --once mode with --keys, the screen kept up to date this way is checked against a
 * full repaint before it is printed, so a missed damage fails the tests.
 */
#define _DEFAULT_SOURCE /* TIOCGWINSZ and struct winsize (sys/ioctl.h) */
#define _POSIX_C_SOURCE 200809L

#include <brace/brace.h>

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static brace_context *ctx;

/* Stop with Brace's own message when a call fails. */
#define TRY(call)                                                              \
  do {                                                                         \
    brace_status s_ = (call);                                                  \
    if (s_ != BRACE_OK) {                                                      \
      fprintf(stderr, "%s:%d: %s failed: %s: %s\n", __FILE__, __LINE__, #call, \
              brace_status_name(s_), brace_last_error(ctx));                   \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

/* ------------------------------------------------------------------ the cell grid */

enum { MAX_COLS = 400, MAX_ROWS = 200 };

typedef struct grid {
  int cols, rows;
  char ch[MAX_ROWS][MAX_COLS];
  unsigned char reverse[MAX_ROWS][MAX_COLS]; /* drawn in reverse video */
} grid;

/* A rectangle of whole cells. */
typedef struct cells {
  int x, y, w, h;
} cells;

static cells intersect(cells a, cells b) {
  int x0 = a.x > b.x ? a.x : b.x, y0 = a.y > b.y ? a.y : b.y;
  int x1 = a.x + a.w < b.x + b.w ? a.x + a.w : b.x + b.w;
  int y1 = a.y + a.h < b.y + b.h ? a.y + a.h : b.y + b.h;
  cells r = {x0, y0, x1 - x0, y1 - y0};
  if (r.w < 0) r.w = 0;
  if (r.h < 0) r.h = 0;
  return r;
}

/* Frames are whole numbers here (scale 1: the strategies round to cells); rounding
   again only guards the cast. */
static cells to_cells(brace_rect r) {
  cells c = {(int)(r.x + 0.5), (int)(r.y + 0.5), (int)(r.width + 0.5), (int)(r.height + 0.5)};
  return c;
}

static void put(grid *g, cells clip, int x, int y, char ch, int reverse) {
  if (x < clip.x || y < clip.y || x >= clip.x + clip.w || y >= clip.y + clip.h) return;
  if (x < 0 || y < 0 || x >= g->cols || y >= g->rows) return;
  g->ch[y][x] = ch;
  g->reverse[y][x] = (unsigned char)reverse;
}

/* ------------------------------------------------------------------ text */

/*
 * Word wrapping, one cell per character: lines break at spaces, a word longer than the
 * width is cut. Calls `line` (when not NULL) for each line and answers the number of
 * lines; `*longest` gets the widest line's length. width <= 0 means no limit.
 */
typedef void (*line_fn)(const char *start, int length, int index, void *user);

static int wrap(const char *text, int width, int *longest, line_fn line, void *user) {
  int lines = 0, widest = 0;
  const char *p = text;
  while (*p) {
    int n = (int)strlen(p), take = n;
    if (width > 0 && n > width) {
      take = width;
      while (take > 0 && p[take] != ' ') take--; /* the last space that fits */
      if (take == 0) take = width;               /* one long word: cut it */
    }
    int shown = take;
    while (shown > 0 && p[shown - 1] == ' ') shown--;
    if (line) line(p, shown, lines, user);
    if (shown > widest) widest = shown;
    lines++;
    p += take;
    while (*p == ' ') p++;
  }
  if (longest) *longest = widest;
  return lines;
}

/* ------------------------------------------------------------------ views */

typedef enum kind { PLAIN, LABEL, BUTTON, SIDEBAR } kind;

/* What the program keeps per node, in the callbacks' user data. */
typedef struct view {
  kind kind;
  const char *text;
  bool reverse; /* a bar: drawn in reverse video, with what it holds */
} view;

/*
 * The measure callback (sizeThatFits): the size of the text for the proposed width.
 * With no limit, one line. docs/measuring.md says how the layout asks it.
 */
static brace_size measure(brace_context *c, brace_node node, brace_size proposed, void *user) {
  (void)c;
  (void)node;
  const view *v = user;
  if (v->kind == BUTTON) { /* "[ OK ]": one line, never wrapped */
    brace_size s = {(double)strlen(v->text) + 4, 1};
    return s;
  }
  int longest = 0, limit = 0; /* 0: no limit, one line */
  if (proposed.width != BRACE_PROPOSAL_UNBOUNDED) limit = proposed.width < 1 ? 1 : (int)proposed.width;
  int lines = wrap(v->text, limit, &longest, NULL, NULL);
  brace_size s = {longest, lines};
  return s;
}

static view *view_of(brace_node node) {
  void *user = NULL;
  TRY(brace_node_get_user_data(ctx, node, &user));
  return user;
}

static brace_node make_view(view *v, kind k, const char *text, brace_node parent) {
  brace_node n;
  TRY(brace_node_create(ctx, &n));
  v->kind = k;
  v->text = text;
  TRY(brace_node_set_user_data(ctx, n, v));
  if (k == LABEL || k == BUTTON) {
    brace_node_callbacks cb;
    memset(&cb, 0, sizeof cb);
    cb.struct_size = sizeof cb;
    cb.user_data = v;
    cb.measure = measure;
    TRY(brace_node_set_callbacks(ctx, n, &cb));
  }
  /* Whole cells: no margins unless asked for (UIKit's default is 8 on each side). */
  brace_insets none = {0, 0, 0, 0};
  TRY(brace_node_set_layout_margins(ctx, n, none));
  if (parent != BRACE_NODE_NONE) TRY(brace_node_add_subview(ctx, parent, n));
  return n;
}

/* ------------------------------------------------------------------ painting */

typedef struct text_at {
  grid *g;
  cells clip, frame;
  int reverse;
} text_at;

static void paint_line(const char *start, int length, int index, void *user) {
  const text_at *t = user;
  for (int k = 0; k < length && k < t->frame.w; k++)
    put(t->g, t->clip, t->frame.x + k, t->frame.y + index, start[k], t->reverse);
}

/* Paint one node into the cells of `clip` (root coordinates), then its subviews. */
static void paint(grid *g, brace_node node, int ox, int oy, cells clip, int reverse) {
  bool hidden = false;
  TRY(brace_node_get_hidden(ctx, node, &hidden));
  if (hidden) return;
  brace_rect r;
  TRY(brace_node_get_frame(ctx, node, &r));
  cells f = to_cells(r);
  f.x += ox;
  f.y += oy;
  clip = intersect(clip, f);
  if (clip.w == 0 || clip.h == 0) return;
  const view *v = view_of(node);
  if (v->reverse) reverse = 1;
  for (int y = clip.y; y < clip.y + clip.h; y++)
    for (int x = clip.x; x < clip.x + clip.w; x++) put(g, clip, x, y, ' ', reverse);
  if (v->kind == LABEL) {
    text_at t = {g, clip, f, reverse};
    wrap(v->text, f.w, NULL, paint_line, &t);
  } else if (v->kind == BUTTON && f.w >= 2) {
    int n = (int)strlen(v->text), start = f.x + (f.w - n) / 2;
    put(g, clip, f.x, f.y, '[', reverse);
    put(g, clip, f.x + f.w - 1, f.y, ']', reverse);
    for (int k = 0; k < n; k++)
      if (start + k > f.x && start + k < f.x + f.w - 1) put(g, clip, start + k, f.y, v->text[k], reverse);
  } else if (v->kind == SIDEBAR) {
    for (int y = f.y; y < f.y + f.h; y++) put(g, clip, f.x + f.w - 1, y, '|', reverse);
  }
  brace_node subs[16];
  size_t count = 0;
  TRY(brace_node_get_subviews(ctx, node, subs, 16, &count));
  for (size_t k = 0; k < count && k < 16; k++) paint(g, subs[k], f.x, f.y, clip, reverse);
}

/* The frame of `node` in the root's coordinates (bounds origins are 0 here). */
static cells in_root(brace_node node) {
  brace_rect r;
  TRY(brace_node_get_frame(ctx, node, &r));
  brace_node up = BRACE_NODE_NONE;
  TRY(brace_node_get_superview(ctx, node, &up));
  while (up != BRACE_NODE_NONE) {
    brace_node next = BRACE_NODE_NONE;
    TRY(brace_node_get_superview(ctx, up, &next));
    if (next == BRACE_NODE_NONE) break; /* the root's own origin is the screen's */
    brace_rect f;
    TRY(brace_node_get_frame(ctx, up, &f));
    r.x += f.x;
    r.y += f.y;
    up = next;
  }
  return to_cells(r);
}

/* Damage: the rectangles to repaint after the next turn. */
enum { MAX_DAMAGE = 64 };
static cells damage[MAX_DAMAGE];
static int damage_count;
static bool damage_all;

static void add_damage(cells c) {
  if (c.w <= 0 || c.h <= 0) return;
  if (damage_count == MAX_DAMAGE) {
    damage_all = true; /* too many pieces: repainting everything is cheaper */
    return;
  }
  damage[damage_count++] = c;
}

/* What the last turn moved: the old and the new rectangle of each changed frame. */
static void add_changed_frames(void) {
  brace_frame_change changes[MAX_DAMAGE];
  size_t count = 0;
  TRY(brace_context_get_changed_frames(ctx, BRACE_CHANGED_FRAMES_IN_ROOT, changes, MAX_DAMAGE, &count));
  if (count > MAX_DAMAGE) {
    damage_all = true;
    return;
  }
  for (size_t k = 0; k < count; k++) {
    brace_node up = BRACE_NODE_NONE;
    TRY(brace_node_get_superview(ctx, changes[k].node, &up));
    if (up == BRACE_NODE_NONE) { /* the root: the window was resized */
      damage_all = true;
      continue;
    }
    add_damage(to_cells(changes[k].old_frame));
    add_damage(to_cells(changes[k].new_frame));
  }
}

/* Repaint the damaged cells of `g` from the tree; answers how many rectangles. */
static int repaint(grid *g, brace_node root) {
  cells screen = {0, 0, g->cols, g->rows};
  if (damage_all) {
    damage_count = 0;
    add_damage(screen);
  }
  for (int k = 0; k < damage_count; k++) {
    cells clip = intersect(damage[k], screen);
    paint(g, root, 0, 0, clip, 0);
  }
  return damage_count;
}

/* ------------------------------------------------------------------ the screen */

typedef struct screen {
  brace_node root, header, title, clock, sidebar, items[4], spacer, main, paragraph, ok, cancel, status;
  brace_constraint sidebar_width;
  view views[16];
  int used;
} screen;

static const char *paragraph_text =
    "Brace lays out this screen the way Auto Layout lays out a window: the header and "
    "the sidebar are stacks, the main area is held by constraints written in the visual "
    "format language, and this paragraph wraps to the width it is given. Its height "
    "comes from a measure callback that counts lines for a proposed width, asked in the "
    "same turn that decided the width.";

static const char *help_text = "h hide Drafts  + - sidebar width  q quit";

static brace_node add(screen *s, kind k, const char *text, brace_node parent) {
  return make_view(&s->views[s->used++], k, text, parent);
}

static void activate_format(const char *format, brace_format_options options, const char *const *names,
                            const brace_node *views, size_t count) {
  brace_constraint made[16];
  size_t n = 0;
  TRY(brace_constraints_create_with_visual_format(ctx, format, options, names, views, count, NULL, NULL, 0,
                                                  made, 16, &n));
  TRY(brace_constraints_activate(ctx, made, n));
}

static void build(screen *s, int cols, int rows) {
  memset(s, 0, sizeof *s);
  s->root = add(s, PLAIN, NULL, BRACE_NODE_NONE);
  brace_rect window = {0, 0, cols, rows};
  TRY(brace_node_set_frame(ctx, s->root, window));

  /* The header: a row whose title takes the room the clock leaves. */
  s->header = add(s, PLAIN, NULL, s->root);
  view_of(s->header)->reverse = true;
  TRY(brace_node_set_layout_strategy(ctx, s->header, "stack"));
  TRY(brace_node_set_property_enum(ctx, s->header, "axis", "horizontal"));
  s->title = add(s, LABEL, " Brace in a terminal", s->header);
  s->clock = add(s, LABEL, "12:00", s->header);
  TRY(brace_node_set_content_hugging_priority(ctx, s->title, BRACE_AXIS_HORIZONTAL, 249));

  /* The sidebar: a column of one-line items, then a spacer that takes the rest (a view
     with no content size stretches first in a stack). Its right margin is its border. */
  s->sidebar = add(s, SIDEBAR, NULL, s->root);
  TRY(brace_node_set_layout_strategy(ctx, s->sidebar, "stack"));
  TRY(brace_node_set_property_enum(ctx, s->sidebar, "axis", "vertical"));
  TRY(brace_node_set_property_bool(ctx, s->sidebar, "layout_margins_relative", true));
  brace_insets border = {1, 1, 0, 2};
  TRY(brace_node_set_layout_margins(ctx, s->sidebar, border));
  static const char *items[4] = {"Inbox", "Drafts", "Sent", "Archive"};
  for (int k = 0; k < 4; k++) s->items[k] = add(s, LABEL, items[k], s->sidebar);
  s->spacer = add(s, PLAIN, NULL, s->sidebar);

  s->main = add(s, PLAIN, NULL, s->root);
  s->paragraph = add(s, LABEL, paragraph_text, s->main);
  s->ok = add(s, BUTTON, "OK", s->main);
  s->cancel = add(s, BUTTON, "Cancel", s->main);
  s->status = add(s, LABEL, help_text, s->root);
  view_of(s->status)->reverse = true;

  brace_node in_constraints[] = {s->header, s->sidebar, s->main, s->status, s->paragraph, s->ok, s->cancel};
  for (size_t k = 0; k < sizeof in_constraints / sizeof in_constraints[0]; k++)
    TRY(brace_node_set_translates_autoresizing_mask(ctx, in_constraints[k], false));

  /* The window's parts. The sidebar's width is a constraint of its own, kept to change. */
  const char *names[] = {"header", "sidebar", "main", "status"};
  brace_node parts[] = {s->header, s->sidebar, s->main, s->status};
  activate_format("H:|[header]|", 0, names, parts, 4);
  activate_format("H:|[status]|", 0, names, parts, 4);
  activate_format("H:|[sidebar][main]|", BRACE_FORMAT_ALIGN_ALL_TOP | BRACE_FORMAT_ALIGN_ALL_BOTTOM, names,
                  parts, 4);
  activate_format("V:|[header(1)][main][status(1)]|", 0, names, parts, 4);
  TRY(brace_constraint_create(ctx, s->sidebar, BRACE_ATTR_WIDTH, BRACE_RELATION_EQUAL, BRACE_NODE_NONE,
                              BRACE_ATTR_NONE, 1, 20, &s->sidebar_width));
  TRY(brace_constraint_set_identifier(ctx, s->sidebar_width, "sidebar-width"));
  TRY(brace_constraint_activate(ctx, s->sidebar_width));

  /* The main area: the paragraph at the top, two equal buttons at the bottom. */
  const char *inner_names[] = {"paragraph", "ok", "cancel"};
  brace_node inner[] = {s->paragraph, s->ok, s->cancel};
  activate_format("H:|-1-[paragraph]-1-|", 0, inner_names, inner, 3);
  activate_format("H:|-1-[ok(>=6)]-2-[cancel(==ok)]-1-|", BRACE_FORMAT_ALIGN_ALL_TOP | BRACE_FORMAT_ALIGN_ALL_BOTTOM,
                  inner_names, inner, 3);
  activate_format("V:|-1-[paragraph]-(>=1)-[ok]-1-|", 0, inner_names, inner, 3);
}

/* A key: what it changes, and the damage that no frame change reports. */
static bool press(screen *s, char key) {
  switch (key) {
  case 'h': {
    bool hidden = false;
    TRY(brace_node_get_hidden(ctx, s->items[1], &hidden));
    /* Hiding moves no frame of its own: damage where the item is drawn. The stack
       then closes the gap, and the items that move are in the changed frames. */
    add_damage(in_root(s->items[1]));
    TRY(brace_node_set_hidden(ctx, s->items[1], !hidden));
    return true;
  }
  case '+':
  case '-': {
    double width = 0;
    TRY(brace_constraint_get_constant(ctx, s->sidebar_width, &width));
    width += key == '+' ? 2 : -2;
    if (width < 4) width = 4;
    TRY(brace_constraint_set_constant(ctx, s->sidebar_width, width));
    return true;
  }
  default:
    return false;
  }
}

/* Diagnostics: the --once mode fails on any; the interactive mode shows the last one. */
static int diagnostic_count;
static char last_diagnostic[256];

static void on_diagnostic(brace_context *c, const brace_diagnostic *d, void *user) {
  (void)c;
  (void)user;
  diagnostic_count++;
  snprintf(last_diagnostic, sizeof last_diagnostic, "%s", d->message);
  char *newline = strchr(last_diagnostic, '\n');
  if (newline) *newline = '\0';
}

static void print_plain(const grid *g) {
  for (int y = 0; y < g->rows; y++) {
    int end = g->cols;
    while (end > 0 && g->ch[y][end - 1] == ' ') end--;
    printf("%.*s\n", end, g->ch[y]);
  }
}

static void clear_grid(grid *g, int cols, int rows) {
  g->cols = cols;
  g->rows = rows;
  memset(g->ch, ' ', sizeof g->ch);
  memset(g->reverse, 0, sizeof g->reverse);
}

static int run_once(int cols, int rows, const char *keys) {
  static grid kept, fresh;
  screen *s = calloc(1, sizeof *s);
  if (!s) return 1;
  build(s, cols, rows);
  clear_grid(&kept, cols, rows);
  TRY(brace_context_run_update_cycle(ctx));
  add_changed_frames();
  repaint(&kept, s->root);
  for (const char *k = keys; *k; k++) {
    damage_count = 0;
    damage_all = false;
    if (!press(s, *k)) {
      fprintf(stderr, "terminal: no key '%c' (h, +, -)\n", *k);
      free(s);
      return 2;
    }
    TRY(brace_context_run_update_cycle(ctx));
    add_changed_frames();
    repaint(&kept, s->root);
  }
  /* The screen kept by repainting damage only must equal a full repaint. */
  clear_grid(&fresh, cols, rows);
  paint(&fresh, s->root, 0, 0, (cells){0, 0, cols, rows}, 0);
  int status = 0;
  if (memcmp(kept.ch, fresh.ch, sizeof kept.ch) != 0) {
    fprintf(stderr, "terminal: repainting the changed frames left stale cells; the full repaint:\n");
    print_plain(&fresh);
    status = 1;
  }
  if (diagnostic_count) {
    fprintf(stderr, "terminal: %d diagnostic(s), the last: %s\n", diagnostic_count, last_diagnostic);
    status = 1;
  }
  print_plain(&kept);
  free(s);
  return status;
}

/* ------------------------------------------------------------------ the terminal */

static volatile sig_atomic_t resized = 1;
static struct termios saved_termios;

static void on_winch(int sig) {
  (void)sig;
  resized = 1;
}

static void restore_terminal(void) {
  tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_termios);
  fputs("\x1b[0m\x1b[?25h\x1b[?1049l", stdout); /* attributes, cursor, main screen */
  fflush(stdout);
}

/* Write the damaged cells, row by row, with cursor moves (ANSI: rows and columns from 1). */
static void flush_damage(const grid *g) {
  cells screen = {0, 0, g->cols, g->rows};
  for (int k = 0; k < damage_count; k++) {
    cells c = intersect(damage[k], screen);
    for (int y = c.y; y < c.y + c.h; y++) {
      printf("\x1b[%d;%dH", y + 1, c.x + 1);
      int reverse = -1;
      for (int x = c.x; x < c.x + c.w; x++) {
        if (g->reverse[y][x] != reverse) {
          reverse = g->reverse[y][x];
          fputs(reverse ? "\x1b[7m" : "\x1b[0m", stdout);
        }
        putchar(g->ch[y][x]);
      }
    }
  }
  fputs("\x1b[0m", stdout);
  fflush(stdout);
}

static int run_interactive(void) {
  static grid g;
  screen *s = calloc(1, sizeof *s);
  if (!s) return 1;
  struct winsize ws;
  if (!isatty(STDIN_FILENO) || ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0) {
    fprintf(stderr, "terminal: not a terminal; try --size 80x24 --once\n");
    free(s);
    return 2;
  }
  build(s, 80, 24);
  tcgetattr(STDIN_FILENO, &saved_termios);
  struct termios raw = saved_termios;
  raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
  tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw);
  atexit(restore_terminal);
  fputs("\x1b[?1049h\x1b[?25l", stdout); /* the alternate screen, no cursor */

  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_winch; /* no SA_RESTART: poll returns EINTR on a resize */
  sigemptyset(&sa.sa_mask);
  sigaction(SIGWINCH, &sa, NULL);

  int shown_diagnostics = 0;
  for (;;) {
    if (resized) {
      resized = 0;
      if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0) {
        int cols = ws.ws_col < MAX_COLS ? ws.ws_col : MAX_COLS;
        int rows = ws.ws_row < MAX_ROWS ? ws.ws_row : MAX_ROWS;
        brace_rect window = {0, 0, cols, rows};
        /* The window's size: a new frame on the root, laid out in the next turn. */
        TRY(brace_node_set_frame(ctx, s->root, window));
        clear_grid(&g, cols, rows);
        fputs("\x1b[2J", stdout);
      }
    }
    brace_status st = brace_context_run_update_cycle(ctx);
    if (st != BRACE_OK && st != BRACE_E_FEEDBACK_LOOP) TRY(st);
    add_changed_frames();
    if (diagnostic_count != shown_diagnostics) {
      /* New text in the status line: no frame changes, so damage it here. */
      shown_diagnostics = diagnostic_count;
      view_of(s->status)->text = last_diagnostic;
      TRY(brace_node_invalidate_intrinsic_content_size(ctx, s->status));
      add_damage(in_root(s->status));
    }
    repaint(&g, s->root);
    flush_damage(&g);
    damage_count = 0;
    damage_all = false;

    struct pollfd in = {STDIN_FILENO, POLLIN, 0};
    if (poll(&in, 1, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    char key = 0;
    if (read(STDIN_FILENO, &key, 1) != 1 || key == 'q') break;
    press(s, key);
  }
  free(s);
  return 0;
}

/* ------------------------------------------------------------------ main */

static int usage(void) {
  fprintf(stderr, "usage: terminal [--size COLSxROWS --once [--keys KEYS]]\n");
  return 2;
}

int main(int argc, char **argv) {
  int cols = 0, rows = 0;
  bool once = false;
  const char *keys = "";
  for (int k = 1; k < argc; k++) {
    if (strcmp(argv[k], "--once") == 0) {
      once = true;
    } else if (strcmp(argv[k], "--size") == 0 && k + 1 < argc) {
      char extra;
      if (sscanf(argv[++k], "%dx%d%c", &cols, &rows, &extra) != 2 || cols < 1 || rows < 1 ||
          cols > MAX_COLS || rows > MAX_ROWS)
        return usage();
    } else if (strcmp(argv[k], "--keys") == 0 && k + 1 < argc) {
      keys = argv[++k];
    } else {
      return usage();
    }
  }
  if (once && cols == 0) return usage();

  brace_context_options options;
  brace_context_options_init(&options);
  options.scale = 1; /* one point per cell */
  TRY(brace_context_create(&options, &ctx));
  TRY(brace_context_set_diagnostic_callback(ctx, on_diagnostic, NULL));
  int status = once ? run_once(cols, rows, keys) : run_interactive();
  TRY(brace_context_destroy(ctx));
  return status;
}
