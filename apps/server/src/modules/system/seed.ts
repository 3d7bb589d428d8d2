import { PUBLIC_PARAMS } from '@cbo/contract';
import type { ParamsService } from './params.service.js';

/** Public parameters the layout reads: brand, navigation logo, footer message. */
export async function seedSystem(params: ParamsService): Promise<void> {
  await params.seed({
    ...PUBLIC_PARAMS.brandName,
    paramValue: 'ChargeHub',
    isPublic: true,
    remark: 'Brand name shown in the title and the sidebar',
  });
  await params.seed({
    ...PUBLIC_PARAMS.navLogo,
    paramValue: '/logo.svg',
    isPublic: true,
    remark: 'Navigation logo URL',
  });
  await params.seed({
    ...PUBLIC_PARAMS.footerMessage,
    paramValue: '© ChargeHub',
    isPublic: true,
    remark: 'Message at the bottom of the sidebar',
  });
}
