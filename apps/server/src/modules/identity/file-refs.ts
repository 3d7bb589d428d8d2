import type { FileReference } from '../../platform/files/uploads.js';
import { sysAccount, sysMenu } from './tables.js';

/** Identity columns that hold addresses of uploads: the upload sweep keeps what they name. */
export const identityFileRefs: FileReference[] = [{ column: sysAccount.avatar }, { column: sysMenu.icon }];
