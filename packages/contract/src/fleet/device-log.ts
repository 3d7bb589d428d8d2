import { z } from 'zod';
import { pageQuery, timeRange } from '../platform/envelope.js';

/** The device log: refused connections and online/offline changes, with their reason. */

/** refused: a connection or message the gateway turned away; online/offline: a change of state. */
/** `operator`: a command someone ordered (forced eject, developer tool, firmware batch), so a restart ordered reads apart from an outage. */
export const DEVICE_LOG_KINDS = ['refused', 'online', 'offline', 'operator'] as const;
export type DeviceLogKind = (typeof DEVICE_LOG_KINDS)[number];
/** Reasons: ONLINE_REASONS for online/offline; for refused: */
export const REFUSE_REASONS = ['malformedSn', 'unknownSn', 'badSecret', 'badClientId', 'forbiddenTopic'] as const;
export type RefuseReason = (typeof REFUSE_REASONS)[number];
export const deviceLogFilter = timeRange.extend({
  sn: z.string().trim().max(40).optional(),
  kind: z.enum(DEVICE_LOG_KINDS).optional(),
});
export type DeviceLogFilter = z.infer<typeof deviceLogFilter>;
export const deviceLogQuery = pageQuery.extend(deviceLogFilter.shape);
export type DeviceLogQuery = z.infer<typeof deviceLogQuery>;
export const deviceLogItem = z.object({
  id: z.number().int(),
  /** As the device gave it (may be malformed for a refusal). */
  sn: z.string().nullable(),
  kind: z.enum(DEVICE_LOG_KINDS),
  reason: z.string(),
  /** Remote address when the embedded broker saw it. */
  address: z.string().nullable(),
  detail: z.string().nullable(),
  /** Who ordered it (an operator line), as named when it was ordered. */
  actor: z.string().nullable(),
  /** Attempts this row stands for: one address's repeated refusals within a minute share a row. */
  count: z.number().int(),
  createdAt: z.string(),
});
export type DeviceLogItem = z.infer<typeof deviceLogItem>;
