import type { Translations } from '../platform/lang.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/** Messages of the coupon rules (spec 5), merged into the validation messages. */
export const couponRuleMessages = {
  'rule.couponDuration': T(
    '时长券请填写 1-24 小时',
    '時長券請填寫 1-24 小時',
    'a duration coupon needs 1-24 free hours',
  ),
  'rule.couponAmount': T('金额券请填写抵扣金额', '金額券請填寫抵扣金額', 'a money coupon needs the amount off'),
  'rule.couponScope': T('请选择适用的对象', '請選擇適用的對象', 'choose what it holds at'),
  'rule.couponValidTo': T('有效期结束须晚于开始', '有效期結束須晚於開始', 'the validity must end after it starts'),
  'rule.couponValidToPast': T('有效期结束不能早于现在', '有效期結束不能早於現在', 'the validity cannot end before now'),
  'rule.couponDeadline': T(
    '兑换截止时间不能晚于有效期结束',
    '兌換截止時間不能晚於有效期結束',
    'the exchange deadline cannot be after the validity end',
  ),
  'rule.couponCode': T('兑换码格式错误', '兌換碼格式錯誤', 'is not a coupon code'),
} satisfies Record<string, Translations>;
