import type { Translations } from '../platform/lang.js';

const T = (zh_CN: string, zh_TW: string, en_US: string): Translations => ({ zh_CN, zh_TW, en_US });

/** Messages of the separation rules (spec 5), merged into the validation messages. */
export const separationRuleMessages = {
  'rule.separationDevices': T(
    '请选择设备（最多 20 台）',
    '請選擇設備（最多 20 台）',
    'choose the devices (at most 20)',
  ),
  'rule.separationSn': T(
    '设备编号只能包含字母、数字、- 和 _',
    '設備編號只能包含字母、數字、- 和 _',
    'a device SN holds only letters, digits, - and _',
  ),
  'rule.separationDuplicate': T('设备重复', '設備重複', 'a device is listed twice'),
  'rule.separationAmount': T(
    '起始金额不能大于封顶金额',
    '起始金額不能大於封頂金額',
    'the start amount must not be above the cap amount',
  ),
  'rule.separationCount': T(
    '起始单数不能大于封顶单数',
    '起始單數不能大於封頂單數',
    'the order-count start must not be above its cap',
  ),
  'rule.separationOrderTime': T(
    '订单开始时间不能晚于结束时间',
    '訂單開始時間不能晚於結束時間',
    'the order time must not end before it begins',
  ),
  'rule.separationTime': T(
    '结束时间不能早于开始时间',
    '結束時間不能早於開始時間',
    'the end time must not be before the start time',
  ),
} satisfies Record<string, Translations>;
