import { def, type ErrorDef } from '../platform/error-def.js';

/** Errors of the system domain (settings, extended functions, scenes, problem types): codes 1002xx. */
export const systemErrors = {
  CONFIG_TICKET_REQUIRED: def(
    100201,
    'A sensitive change came without a valid code ticket (missing, wrong or expired): send and check a code first.',
    '请先完成短信验证',
    '請先完成簡訊驗證',
    'Verify with the SMS code first',
  ),
  CONFIG_OUT_OF_RANGE: def(
    100202,
    'A configured value lies outside the range settings (/setRnge).',
    '{field} 必须在 {min} 到 {max} 之间（范围设置）',
    '{field} 必須在 {min} 到 {max} 之間（範圍設定）',
    '{field} must be between {min} and {max} (range settings)',
  ),
  RANGE_EXCLUDES_CONFIG: def(
    100203,
    'A range would leave a value already configured outside it.',
    '范围不包含当前配置的 {field}（{value}），请先修改该配置',
    '範圍不包含目前設定的 {field}（{value}），請先修改該設定',
    'The range leaves the configured {field} ({value}) outside; change that setting first',
  ),
  PROBLEM_TYPE_NAME_TAKEN: def(
    100204,
    'Another problem type in use has this name.',
    '问题类型名称已存在',
    '問題類型名稱已存在',
    'A problem type with this name already exists',
  ),
  PROBLEM_TYPE_DELETED: def(
    100205,
    'A deleted problem type cannot be edited.',
    '该问题类型已删除',
    '該問題類型已刪除',
    'This problem type has been deleted',
  ),
  EXTENSION_SAME_STATUS: def(
    100206,
    'The extended function already has the requested status.',
    '该功能已是此状态',
    '該功能已是此狀態',
    'The function already has this status',
  ),
  PARAM_NOT_READABLE: def(
    100207,
    'findValueByKey: the parameter does not exist or is not a plain setting.',
    '参数不存在',
    '參數不存在',
    'No such parameter',
  ),
  EXTENSION_CLOSED: def(
    100230,
    'The extended function this call belongs to is closed (Extended functions): activate it first.',
    '{name}功能未开通',
    '{name}功能未開通',
    '{name} is not activated on this platform',
  ),
} as const satisfies Record<string, ErrorDef>;
