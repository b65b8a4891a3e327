#ifndef PODMIRROR_PM_FILE_SWAP_H
#define PODMIRROR_PM_FILE_SWAP_H

/* Exchanges two paths of one file system in one step (Linux renameat2 RENAME_EXCHANGE, Darwin renamex_np
   RENAME_SWAP), so a reader sees one or the other, never neither. Returns 0, or -1 with errno (ENOSYS, EINVAL
   where the file system or kernel cannot). */
int pm_exchange_paths(const char *a, const char *b);

#endif
