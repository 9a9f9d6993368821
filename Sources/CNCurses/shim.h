// Exposes ncursesw to Swift. The inspector's terminal driver is the only user.
//
// Swift cannot import function-like macros (COLOR_PAIR, A_* bit expressions, ACS_*), and in
// Swift 6 mode it rejects mutable C globals (stdscr, LINES, COLS, COLORS, stdin, stdout) as not
// concurrency-safe. Everything the driver needs from those is re-exposed here as `static const`
// values or `static inline` functions. Line drawing uses Unicode box-drawing characters instead of
// ACS_*, which index acs_map[] and are valid only after newterm().
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <stdio.h>
#include <signal.h>
#include <curses.h>
#include <term.h>
#include <sys/ioctl.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdlib.h>

// wcwidth is declared only under _XOPEN_SOURCE, which a Swift module cannot set for Glibc.
extern int wcwidth(wchar_t c);

// MARK: - Attributes

static const attr_t CN_A_NORMAL = A_NORMAL;
static const attr_t CN_A_BOLD = A_BOLD;
static const attr_t CN_A_REVERSE = A_REVERSE;
static const attr_t CN_A_UNDERLINE = A_UNDERLINE;
static const attr_t CN_A_DIM = A_DIM;
static const attr_t CN_A_STANDOUT = A_STANDOUT;

static inline attr_t cn_color_pair(int pair) { return (attr_t)COLOR_PAIR(pair); }

static inline int cn_wattrset(WINDOW *win, attr_t attrs) { return wattrset(win, (int)attrs); }

// MARK: - Keys

static const int CN_KEY_DOWN = KEY_DOWN;
static const int CN_KEY_UP = KEY_UP;
static const int CN_KEY_LEFT = KEY_LEFT;
static const int CN_KEY_RIGHT = KEY_RIGHT;
static const int CN_KEY_HOME = KEY_HOME;
static const int CN_KEY_END = KEY_END;
static const int CN_KEY_BACKSPACE = KEY_BACKSPACE;
static const int CN_KEY_DC = KEY_DC;
static const int CN_KEY_NPAGE = KEY_NPAGE;
static const int CN_KEY_PPAGE = KEY_PPAGE;
static const int CN_KEY_ENTER = KEY_ENTER;
static const int CN_KEY_BTAB = KEY_BTAB;
static const int CN_KEY_RESIZE = KEY_RESIZE;
static const int CN_KEY_CODE_YES = KEY_CODE_YES;
static const int CN_ERR = ERR;
static const int CN_KEY_MOUSE = KEY_MOUSE;

// MARK: - Mouse

/// Asks for left-button presses and the wheel (buttons 4 and 5), reported at once rather than
/// composed into clicks. Returns 0 when the terminal has no mouse support (nothing is enabled).
static inline int cn_enable_mouse(void) {
    mmask_t wanted = BUTTON1_PRESSED | BUTTON4_PRESSED;
#ifdef BUTTON5_PRESSED
    wanted |= BUTTON5_PRESSED;
#endif
    mmask_t got = mousemask(wanted, NULL);
    if (got == 0) return 0;
    mouseinterval(0);
    return 1;
}

/// Reads the mouse event behind a KEY_MOUSE: 1 a left press, 2 wheel up, 3 wheel down, 0 any
/// other (or none); the cell in *row and *column.
static inline int cn_read_mouse(int *row, int *column) {
    MEVENT event;
    if (getmouse(&event) != OK) return 0;
    *row = event.y;
    *column = event.x;
    if (event.bstate & BUTTON1_PRESSED) return 1;
    if (event.bstate & BUTTON4_PRESSED) return 2;
#ifdef BUTTON5_PRESSED
    if (event.bstate & BUTTON5_PRESSED) return 3;
#endif
    return 0;
}

// MARK: - Globals, read through functions

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline FILE *cn_stdin(void) { return stdin; }
static inline FILE *cn_stdout(void) { return stdout; }

// MARK: - Locale

/// Whether LC_CTYPE's codeset is UTF-8 (call after setlocale).
static inline int cn_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    if (codeset == NULL) return 0;
    return (codeset[0] == 'U' || codeset[0] == 'u') && (codeset[1] == 'T' || codeset[1] == 't')
        && (codeset[2] == 'F' || codeset[2] == 'f');
}

// MARK: - Terminal capabilities

/// Checks TERM before any screen is opened, printing nothing: 0 when the terminal can position
/// the cursor, 1 when terminfo does not know TERM, 2 when there is no terminfo database, 3 when
/// the terminal cannot position the cursor (TERM=dumb).
static inline int cn_terminal_status(const char *term, int fd) {
    int err = 0;
    if (setupterm(term, fd, &err) != OK) return err == 1 ? 3 : (err == 0 ? 1 : 2);
    const char *cup = tigetstr("cup");
    int ok = cup != NULL && cup != (const char *)-1;
    del_curterm(cur_term);
    return ok ? 0 : 3;
}

// MARK: - Descriptors

/// The size of the terminal on `fd` (TIOCGWINSZ): 0, or -1 with errno set.
// (Not `rows` and `columns`: term.h defines `columns` and `lines` as macros.)
static inline int cn_window_size(int fd, int *row_count, int *column_count) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *row_count = size.ws_row;
    *column_count = size.ws_col;
    return 0;
}

/// Sets the size of the terminal on `fd` (TIOCSWINSZ; a pseudo-terminal's size in tests).
static inline int cn_set_window_size(int fd, int row_count, int column_count) {
    struct winsize size = { (unsigned short)row_count, (unsigned short)column_count, 0, 0 };
    return ioctl(fd, TIOCSWINSZ, &size);
}

/// How many bytes wait unread in the pipe or socket `fd` (FIONREAD), 0 on error.
static inline int cn_unread_bytes(int fd) {
    int count = 0;
    if (ioctl(fd, FIONREAD, &count) != 0) return 0;
    return count;
}

/// Asks for a pipe of `bytes` capacity (F_SETPIPE_SZ, Linux); the capacity, or -1 where the
/// system cannot (then the pipe keeps its default).
static inline int cn_set_pipe_capacity(int fd, int bytes) {
#if defined(F_SETPIPE_SZ)
    return fcntl(fd, F_SETPIPE_SZ, bytes);
#elif defined(__linux__)
    return fcntl(fd, 1031 /* F_SETPIPE_SZ, declared only under _GNU_SOURCE */, bytes);
#else
    (void)fd; (void)bytes;
    return -1;
#endif
}

/// Opens a pseudo-terminal pair (the tests' terminal that reads, or never reads): 0 with both
/// ends set, -1 with errno set. `posix_openpt` and friends are declared only under
/// _XOPEN_SOURCE, which a Swift module cannot set for Glibc, hence the ioctls on Linux.
static inline int cn_open_pseudo_terminal(int *controller, int *terminal) {
    int main_end = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (main_end < 0) return -1;
#if defined(__linux__)
    int unlock = 0;
    int other = -1;
    if (ioctl(main_end, TIOCSPTLCK, &unlock) == 0)
        other = ioctl(main_end, TIOCGPTPEER, O_RDWR | O_NOCTTY | O_CLOEXEC);
#else
    int other = -1;
    if (grantpt(main_end) == 0 && unlockpt(main_end) == 0) {
        const char *name = ptsname(main_end);
        if (name != NULL) other = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    }
#endif
    if (other < 0) {
        close(main_end);
        return -1;
    }
    *controller = main_end;
    *terminal = other;
    return 0;
}

// MARK: - The process's end (di-inspect's exit; Linux)

#if defined(__linux__)
#include <sys/syscall.h>
#include <stdint.h>

// clone(2) is declared only under _GNU_SOURCE, which a Swift module cannot set for Glibc.
extern int clone(int (*fn)(void *), void *stack, int flags, void *arg, ...);

/// The helper's whole life: it shares the exiting process's memory and only waits to be killed.
/// Raw system calls only: it runs on the parent's memory with the parent thread's TLS, so no
/// libc state may be touched.
static int cn_teardown_helper(void *parent) {
    // Named first (it cannot be killed before it asks for its death signal): `ps` tells it from
    // the inspector, also as the zombie it leaves where PID 1 does not reap orphans.
    syscall(SYS_prctl, 15 /* PR_SET_NAME */, "di-inspect-exit", 0, 0, 0);
    uint64_t all = ~(uint64_t)0;
    syscall(SYS_rt_sigprocmask, SIG_BLOCK, &all, NULL, sizeof all);
    syscall(SYS_prctl, 1 /* PR_SET_PDEATHSIG */, SIGKILL, 0, 0, 0);
    // The parent may have ended before the death signal was asked for.
    if (syscall(SYS_getppid) != (long)(intptr_t)parent) syscall(SYS_exit, 0);
    syscall(SYS_close_range, 0, ~0U, 0);
    for (;;) syscall(SYS_ppoll, NULL, 0, NULL, NULL, sizeof all);
    return 0;
}

/// Starts a process that shares this one's memory (CLONE_VM) and holds it until this process has
/// ended (it is killed then by its death signal): the kernel's unmapping of the memory then
/// happens when the helper ends, after this process's exit was reported. The pid, or -1.
static inline int cn_start_teardown_helper(void) {
    static char stack[64 * 1024] __attribute__((aligned(64)));
    return clone(cn_teardown_helper, stack + sizeof stack, 0x00000100 /* CLONE_VM */ | SIGCHLD,
                 (void *)(intptr_t)getpid());
}
#endif

#endif
