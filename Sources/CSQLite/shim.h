#ifndef FORMCTL_CSQLITE_SHIM_H
#define FORMCTL_CSQLITE_SHIM_H

#include <sqlite3.h>

// Swift cannot import C macros that cast integers to function pointers,
// so SQLITE_TRANSIENT (copy the bound bytes now) needs a helper.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// sqlite3_db_config is variadic, which Swift cannot call; these wrap the
// integer-flag form (op, int value, int *result) that we use.
static inline int csqlite_db_config_int(sqlite3 *db, int op, int value, int *result) {
    return sqlite3_db_config(db, op, value, result);
}

#endif
