import type { ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Permit } from '../permission';

/**
 * A list's "Add" button for its toolbar: primary, with the plus icon, shown only to those who
 * hold `perm` on the screen. The words are the screen's ("Add", "New coupon").
 */
export function AddButton({ perm, onClick, children }: { perm: string; onClick: () => void; children: ReactNode }) {
  return (
    <Permit perm={perm}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick}>
        {children}
      </Button>
    </Permit>
  );
}
