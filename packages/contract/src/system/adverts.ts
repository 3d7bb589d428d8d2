import { z } from 'zod';
import { DEVICE_KINDS } from './config.js';

/**
 * GET /user/api/app/v1/advert/list: what the customer app shows while Advertising is activated.
 * Banners that are switched on, in display order; the scene (picture and link) of each kind of
 * device that has a picture. Refused with EXTENSION_CLOSED while Advertising is closed.
 */
export const appAdvertBanner = z.object({
  id: z.number().int(),
  title: z.string(),
  img: z.string(),
  link: z.string(),
  sort: z.number().int(),
});
export const appAdvertScene = z.object({
  deviceType: z.enum(DEVICE_KINDS),
  img: z.string(),
  link: z.string(),
});
export const appAdverts = z.object({
  banners: z.array(appAdvertBanner),
  scenes: z.array(appAdvertScene),
});
export type AppAdverts = z.infer<typeof appAdverts>;
