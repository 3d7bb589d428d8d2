import { def, type ErrorDef } from './error-def.js';

/**
 * Errors of the platform, codes 1000xx: what any call can answer (validation, permission, not
 * found, conflicts, the session, uploads, time ranges, exports). Each domain's own errors are in
 * <domain>/errors.ts with a code range of its own; errors.ts joins them.
 */
export const platformErrors = {
  /** -100: the screen that made the call handles the whole answer itself (for example a batch
   * report of partial failures); the request layer rejects with the response, no toast. */
  REJECTED: def(
    -100,
    'The caller renders the answer itself; the console shows no toast.',
    '请求未完成',
    '請求未完成',
    'The request was not completed',
  ),
  VALIDATION: def(
    100001,
    'A field failed validation; msg names the field.',
    '参数错误：{detail}',
    '參數錯誤：{detail}',
    'Invalid input: {detail}',
  ),
  BAD_REQUEST: def(
    100002,
    'The request could not be read (broken JSON, wrong content type).',
    '请求格式错误',
    '請求格式錯誤',
    'The request could not be read',
  ),
  FORBIDDEN: def(
    100003,
    'The account has no role holding a menu bound to this interface.',
    '没有权限执行此操作',
    '沒有權限執行此操作',
    'You do not have permission to do this',
  ),
  NOT_FOUND: def(
    100004,
    'The thing asked for does not exist (or is not visible to the caller).',
    '数据不存在',
    '資料不存在',
    'Not found',
  ),
  TOO_FREQUENT: def(100005, 'Rate limited.', '请勿频繁操作', '請勿頻繁操作', 'Please do not operate frequently'),
  RATE_LIMITED: def(
    100010,
    'A call anyone may repeat (a coupon code tried, a cooperation application) came more often than its limit per account or address allows; nothing was done. The answer says when to try again.',
    '操作过于频繁，请 {minutes} 分钟后再试',
    '操作過於頻繁，請 {minutes} 分鐘後再試',
    'Too many attempts; try again in {minutes} minutes',
  ),
  PAYLOAD_TOO_LARGE: def(
    100006,
    'The request body is larger than allowed.',
    '提交的内容过大',
    '提交的內容過大',
    'The request is too large',
  ),
  PARAM_EMPTY: def(
    100007,
    'A required parameter is empty.',
    '参数不能为空：{field}',
    '參數不能為空：{field}',
    'Parameter cannot be empty: {field}',
  ),
  CONFLICT: def(
    100008,
    'The change conflicts with stored data.',
    '数据已被修改，请刷新后重试',
    '資料已被修改，請重新整理後重試',
    'The data has changed; refresh and try again',
  ),
  INTERNAL: def(
    100009,
    'An unexpected server error; details are in the server log only.',
    '服务器繁忙，请稍后再试',
    '伺服器忙碌，請稍後再試',
    'The server is busy, please try again later',
  ),
  UNFINISHED: def(
    100019,
    'Operation log only: a change that acts on devices was logged before it ran, and the server stopped before it answered.',
    '操作未完成（服务已中断），请查看其对象的记录',
    '操作未完成（服務已中斷），請查看其對象的記錄',
    'Did not finish (the server stopped); check the record it acted on',
  ),

  NOT_SIGNED_IN: def(
    100020,
    'No token, or a token the server does not know.',
    '您尚未登录，请重新登录',
    '您尚未登入，請重新登入',
    'You are not signed in; please sign in',
  ),
  SESSION_EXPIRED: def(
    100021,
    'The session passed its idle or absolute lifetime, or was ended by logout.',
    '登录已过期，请重新登录',
    '登入已過期，請重新登入',
    'Your session has expired; please sign in again',
  ),
  SIGNED_IN_ELSEWHERE: def(
    100022,
    'The session was replaced by a sign-in elsewhere or a password change.',
    '您的账号已在别处登录',
    '您的帳號已在別處登入',
    'Your account was signed in elsewhere',
  ),
  ACCOUNT_FROZEN: def(
    100023,
    'The account was frozen; all its sessions end at once.',
    '您的账号已被冻结',
    '您的帳號已被凍結',
    'Your account has been frozen',
  ),

  CLIENT_TYPE_UNKNOWN: def(
    100034,
    'The ClientType is not one the product knows.',
    '未知的客户端类型',
    '未知的用戶端類型',
    'Unknown client type',
  ),

  MOBILE_FORMAT: def(
    100045,
    'A mobile number has the wrong format.',
    '手机号格式错误',
    '手機號碼格式錯誤',
    'Mobile format error',
  ),

  FILE_TYPE: def(
    100050,
    'Wrong file type or size; the type is checked by content.',
    '文件类型或大小不正确',
    '檔案類型或大小不正確',
    'Wrong file type or size',
  ),
  FILE_MISSING: def(
    100051,
    'The upload carried no file.',
    '请选择要上传的文件',
    '請選擇要上傳的檔案',
    'Choose a file to upload',
  ),
  FILE_TOO_LARGE: def(
    100052,
    'An uploaded file is larger than the call allows.',
    '文件不能超过 {mb} MB',
    '檔案不能超過 {mb} MB',
    'The file cannot be larger than {mb} MB',
  ),
  IMAGE_INVALID: def(
    100053,
    'An uploaded image is not one whole PNG or JPEG (unknown type, truncated, damaged, or bytes after its end).',
    '图片无效，请上传完整的 PNG 或 JPEG 图片',
    '圖片無效，請上傳完整的 PNG 或 JPEG 圖片',
    'The image is not a complete PNG or JPEG file',
  ),
  IMAGE_TOO_BIG: def(
    100054,
    'An uploaded image has more pixels per side than allowed.',
    '图片尺寸不能超过 {max}x{max} 像素',
    '圖片尺寸不能超過 {max}x{max} 像素',
    'The image cannot be larger than {max}x{max} pixels',
  ),
  FILE_TOO_MANY: def(
    100055,
    'An upload carried more than one file.',
    '一次只能上传一个文件',
    '一次只能上傳一個檔案',
    'Upload one file at a time',
  ),
  UPLOAD_DAILY_LIMIT: def(
    100056,
    "The account's uploads today would pass the daily size limit (UPLOAD_DAILY_MB).",
    '今日上传已达上限（{mb} MB），请明天再试',
    '今日上傳已達上限（{mb} MB），請明天再試',
    'Daily upload limit reached ({mb} MB); try again tomorrow',
  ),
  UPLOAD_TOO_FREQUENT: def(
    100057,
    'The account made more uploads this minute than allowed (UPLOAD_PER_MINUTE).',
    '上传过于频繁，每分钟最多 {count} 次',
    '上傳過於頻繁，每分鐘最多 {count} 次',
    'Too many uploads; at most {count} a minute',
  ),

  DATE_RANGE_TOO_LONG: def(
    100060,
    'A time range spans more than 30 days.',
    '查询时间范围不能超过 30 天',
    '查詢時間範圍不能超過 30 天',
    'The time range cannot exceed 30 days',
  ),
  DATE_RANGE_MIXED: def(
    100061,
    'A range mixes data older than 30 days with newer data.',
    '不能同时查询 30 天以前和 30 天以内的数据',
    '不能同時查詢 30 天以前和 30 天以內的資料',
    'A query cannot mix data older than 30 days with data from the last 30 days',
  ),
  DATE_RANGE_ORDER: def(
    100062,
    'The start of a range is after its end.',
    '开始时间不能晚于结束时间',
    '開始時間不能晚於結束時間',
    'The start time cannot be after the end time',
  ),

  EXPORT_TOO_MANY: def(
    100070,
    'An export would hold more rows than allowed (EXPORT_MAX_ROWS).',
    '单次导出不能超过 {max} 条，请缩小查询范围',
    '單次匯出不能超過 {max} 筆，請縮小查詢範圍',
    'One export holds at most {max} rows; narrow the filters',
  ),
  NO_EXPORT_DATA: def(
    100071,
    'Nothing matches the export filters.',
    '没有可导出的数据',
    '沒有可匯出的資料',
    'No data to export',
  ),
  EXPORT_NOT_READY: def(
    100072,
    'The export has not reached 100% (or failed).',
    '导出尚未完成',
    '匯出尚未完成',
    'The export is not finished',
  ),
  EXPORT_BUSY: def(
    100073,
    'The account already has too many exports queued.',
    '导出任务过多，请等待当前任务完成',
    '匯出任務過多，請等待目前任務完成',
    'Too many exports queued; wait for the current ones to finish',
  ),
} as const satisfies Record<string, ErrorDef>;

/**
 * Codes that end the session: the console shows the logged-out confirm dialog. All are platform
 * codes, so the console's start-up code needs this catalogue only, not every domain's.
 */
export const SESSION_END_CODES: readonly number[] = [
  platformErrors.NOT_SIGNED_IN.code,
  platformErrors.SESSION_EXPIRED.code,
  platformErrors.SIGNED_IN_ELSEWHERE.code,
  platformErrors.ACCOUNT_FROZEN.code,
];
