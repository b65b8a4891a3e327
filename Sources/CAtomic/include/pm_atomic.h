#ifndef PODMIRROR_PM_ATOMIC_H
#define PODMIRROR_PM_ATOMIC_H

/* A C11 atomic int for state a signal handler sets and other threads read (a lock-free atomic store is
   async-signal-safe; a plain Swift property is a data race). The type is opaque to Swift. */
typedef struct pm_atomic_int pm_atomic_int;

pm_atomic_int *pm_atomic_int_new(int value);
void pm_atomic_int_free(pm_atomic_int *a);
int pm_atomic_int_load(pm_atomic_int *a);
void pm_atomic_int_store(pm_atomic_int *a, int value);

#endif
