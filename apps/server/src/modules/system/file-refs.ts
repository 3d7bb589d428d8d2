import type { FileReference } from '../../platform/files/uploads.js';
import { sysBanner, sysDeviceScene, sysParam } from './tables.js';

/**
 * System columns that hold addresses of uploads: the logo and any other settings value (which may
 * carry an address inside a longer text), banners and device scenes.
 */
export const systemFileRefs: FileReference[] = [
  { column: sysParam.paramValue, contains: true },
  { column: sysBanner.img },
  { column: sysDeviceScene.img },
];
