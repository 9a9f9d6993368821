// Exposes ncursesw to Swift. The inspector's terminal driver is the only user.
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <curses.h>
#endif
