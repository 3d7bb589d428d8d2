import { z } from 'zod';

/** GET /user/api/open/v1/auth/findValueByKey: public system parameters only. */
export const paramQuery = z.object({
  paramType: z.string().trim().min(1).max(32),
  paramKey: z.string().trim().min(1).max(64),
});
export const paramValue = z.object({ paramValue: z.string().nullable() });

/** Seeded public parameters the console's layout reads before sign-in (brand, logo, footer). */
export const PUBLIC_PARAMS = {
  brandName: { paramType: 'basis', paramKey: 'brandName' },
  navLogo: { paramType: 'basis', paramKey: 'navLogo' },
  footerMessage: { paramType: 'basis', paramKey: 'footerMessage' },
} as const;
