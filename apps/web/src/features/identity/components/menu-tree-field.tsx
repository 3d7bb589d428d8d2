import { useMemo } from 'react';
import { Tag, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '@cbo/contract';
import { useNameText } from './identity-data';

interface Props {
  menus: MenuEntry[];
  value?: number[];
  onChange?: (ids: number[]) => void;
  disabled?: boolean;
}

/**
 * A role's menus in a tree of directories, menus and buttons. A held node whose descendants
 * are all held shows checked; one held with only some of them (a menu without its export button)
 * shows half-checked. Checking a node takes it, everything below it and its parents; unchecking
 * a fully checked node drops it and everything below. The server adds parents again on save.
 */
export function MenuTreeField({ menus, value = [], onChange, disabled }: Props) {
  const { t } = useTranslation('identity');
  const nameText = useNameText();
  const { treeData, below, parentOf, allKeys } = useMemo(() => {
    const below = new Map<number, number[]>();
    const parentOf = new Map<number, number>();
    const allKeys: number[] = [];
    const walk = (nodes: MenuEntry[]): TreeDataNode[] =>
      nodes.map((m) => {
        allKeys.push(m.id);
        if (m.parentId) parentOf.set(m.id, m.parentId);
        const children = walk(m.children);
        const ids: number[] = [];
        for (const c of m.children) ids.push(c.id, ...(below.get(c.id) ?? []));
        below.set(m.id, ids);
        return {
          key: m.id,
          title: (
            <span>
              {nameText(m.name)}{' '}
              <Tag bordered={false} color={['blue', 'green', 'orange'][m.type]} style={{ marginInlineStart: 4 }}>
                {t(`roles.types.${m.type}`)}
              </Tag>
            </span>
          ),
          children,
        };
      });
    return { treeData: walk(menus), below, parentOf, allKeys };
  }, [menus, nameText, t]);

  const held = new Set(value);
  const full = (id: number) => held.has(id) && (below.get(id) ?? []).every((c) => held.has(c));
  const checked = value.filter(full);
  const halfChecked = value.filter((id) => !full(id));

  const toggle = (id: number) => {
    const next = new Set(held);
    if (full(id)) {
      next.delete(id);
      for (const c of below.get(id) ?? []) next.delete(c);
    } else {
      next.add(id);
      for (const c of below.get(id) ?? []) next.add(c);
      for (let p = parentOf.get(id); p; p = parentOf.get(p)) next.add(p);
    }
    onChange?.(allKeys.filter((k) => next.has(k)));
  };

  return (
    <Tree
      checkable
      checkStrictly
      selectable={false}
      defaultExpandAll
      disabled={disabled}
      treeData={treeData}
      checkedKeys={{ checked, halfChecked }}
      onCheck={(_keys, info) => toggle(Number(info.node.key))}
      style={{
        maxHeight: 420,
        overflow: 'auto',
        border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
        borderRadius: 6,
        padding: 8,
      }}
    />
  );
}
