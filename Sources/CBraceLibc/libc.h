/* The libc interface of libbrace's core (see module.modulemap). */
#ifndef BRACE_LIBC_H
#define BRACE_LIBC_H

#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#endif
