#include "pm_atomic.h"
#include <stdatomic.h>
#include <stdlib.h>

struct pm_atomic_int { atomic_int value; };

pm_atomic_int *pm_atomic_int_new(int value) {
    pm_atomic_int *a = malloc(sizeof *a);
    if (a) atomic_init(&a->value, value);
    return a;
}

void pm_atomic_int_free(pm_atomic_int *a) { free(a); }

int pm_atomic_int_load(pm_atomic_int *a) { return atomic_load(&a->value); }

void pm_atomic_int_store(pm_atomic_int *a, int value) { atomic_store(&a->value, value); }
