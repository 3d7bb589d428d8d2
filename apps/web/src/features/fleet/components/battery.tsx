import { Progress, theme } from 'antd';
import { ThunderboltFilled } from '@ant-design/icons';
import { batteryLevel } from './cabinet-slots';

/** A battery percentage as a short bar coloured by band (cabinet-slots `batteryLevel`). */
export function BatteryBar({ battery, charging }: { battery: number | null; charging?: boolean }) {
  const { token } = theme.useToken();
  if (battery === null) return <>-</>;
  const level = batteryLevel(battery);
  const colour = level === 'good' ? token.colorSuccess : level === 'low' ? token.colorWarning : token.colorError;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minWidth: 110 }} data-level={level}>
      <Progress percent={battery} size={[64, 6]} showInfo={false} strokeColor={colour} />
      <span>{battery}%</span>
      {charging && <ThunderboltFilled style={{ color: token.colorWarning }} aria-hidden />}
    </span>
  );
}
