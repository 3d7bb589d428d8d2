import { Button, Space } from 'antd';

/** The settings lists' actions: edit and delete, pinned right. */
export function editDeleteColumn<Row>(
  title: string,
  editText: string,
  deleteText: string,
  onEdit: (row: Row) => void,
  onDelete: (row: Row) => void,
) {
  return {
    title,
    key: 'actions',
    fixed: 'right' as const,
    width: 130,
    render: (_: unknown, row: Row) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => onEdit(row)}>
          {editText}
        </Button>
        <Button type="link" size="small" danger onClick={() => onDelete(row)}>
          {deleteText}
        </Button>
      </Space>
    ),
  };
}
