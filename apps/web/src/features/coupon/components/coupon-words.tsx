import { useMemo } from 'react';
import { Tag } from 'antd';
import {
  labels,
  labelOf,
  type CouponBatchStatus,
  type CouponCodeStatus,
  type CouponStatus,
  type UserCouponStatus,
} from '@cbo/contract';
import { useLang } from '@/shared/form';

type G = typeof labels.coupon;

/** The coupon domain's words in the console's language (the contract's labels: one home for console and server). */
export function useCouponWords() {
  const lang = useLang();
  return useMemo(
    () => ({
      type: (v: keyof G['couponType']) => labelOf(labels.coupon.couponType, v, lang),
      scope: (v: keyof G['couponScope']) => labelOf(labels.coupon.couponScope, v, lang),
      source: (v: keyof G['couponSource']) => labelOf(labels.coupon.couponSource, v, lang),
      status: (v: keyof G['couponStatus']) => labelOf(labels.coupon.couponStatus, v, lang),
      userStatus: (v: keyof G['userCouponStatus']) => labelOf(labels.coupon.userCouponStatus, v, lang),
      batchStatus: (v: keyof G['batchStatus']) => labelOf(labels.coupon.batchStatus, v, lang),
      codeStatus: (v: keyof G['codeStatus']) => labelOf(labels.coupon.codeStatus, v, lang),
      skipReason: (v: keyof G['skipReason']) => labelOf(labels.coupon.skipReason, v, lang),
    }),
    [lang],
  );
}

const COLORS: Record<CouponStatus | UserCouponStatus | CouponBatchStatus | CouponCodeStatus, string> = {
  active: 'success',
  stopped: 'default',
  deleted: 'default',
  unused: 'processing',
  used: 'success',
  expired: 'warning',
  normal: 'processing',
  completed: 'success',
  ended: 'default',
  redeemed: 'success',
};

export function StateTag({ state, text }: { state: keyof typeof COLORS; text: string }) {
  return <Tag color={COLORS[state]}>{text}</Tag>;
}
