import { Button, Flex, Form, Input, InputNumber, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  PACKAGE_HOURS_MAX,
  PACKAGE_MAX,
  packageProblem,
  packageTier,
  validationText,
  type PackageTier,
  type ValidationKey,
} from '@cbo/contract';
import { useLang, useZodRule } from '@/shared/form';
import { plainMoney } from '@/shared/money';
import { MoneyInput } from '@/shared/money-input';

/**
 * The package tiers of a cable or charger: up to 10 rows of name, hours and amount. Each field
 * follows the contract's tier rule; the rules across tiers (each duration once, the first three
 * hours not above the 12-hour maximum) are checked on the list with the contract's own function.
 */
export function PackagesInput({ name = 'packages', min = 1 }: { name?: string; min?: number }) {
  const { t } = useTranslation('accessories');
  const rule = useZodRule();
  const lang = useLang();
  return (
    <Form.List
      name={name}
      rules={[
        {
          validator: async (_, tiers: Partial<PackageTier>[] | undefined) => {
            const list = tiers ?? [];
            if (list.length < min) throw new Error(t('packages.atLeastOne'));
            if (list.some((x) => x?.hours === undefined || x?.amount === undefined)) return;
            const p = packageProblem(list as PackageTier[]);
            if (p)
              throw new Error(
                t('packages.row', { n: p.index + 1 }) + ': ' + validationText(p.key as ValidationKey, lang),
              );
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          <Typography.Text strong>{t('packages.title')}</Typography.Text>
          {fields.map((f) => (
            <Flex key={f.key} gap={8} align="start" wrap style={{ marginTop: 8 }}>
              <Form.Item
                name={[f.name, 'name']}
                rules={[rule(packageTier.shape.name, t('packages.name'))]}
                style={{ flex: '2 1 120px', marginBottom: 0 }}
              >
                <Input placeholder={t('packages.name')} maxLength={16} aria-label={t('packages.name')} />
              </Form.Item>
              <Form.Item
                name={[f.name, 'hours']}
                rules={[rule(packageTier.shape.hours, t('packages.hours'))]}
                style={{ flex: '1 1 90px', marginBottom: 0 }}
              >
                <InputNumber
                  placeholder={t('packages.hours')}
                  min={1}
                  max={PACKAGE_HOURS_MAX}
                  precision={0}
                  suffix="h"
                  style={{ width: '100%' }}
                  aria-label={t('packages.hours')}
                />
              </Form.Item>
              <Form.Item
                name={[f.name, 'amount']}
                rules={[rule(packageTier.shape.amount, t('packages.amount'))]}
                style={{ flex: '1 1 110px', marginBottom: 0 }}
              >
                <MoneyInput aria-label={t('packages.amount')} />
              </Form.Item>
              <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('packages.remove')} />
            </Flex>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= PACKAGE_MAX}
            onClick={() => add()}
            style={{ marginTop: 8 }}
            block
          >
            {t('packages.add', { max: PACKAGE_MAX })}
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}

/** Tiers as tags: "3 hours · 3h · 2.00". */
export function PackageTags({ tiers }: { tiers: PackageTier[] }) {
  if (!tiers.length) return <>-</>;
  return (
    <Flex gap={4} wrap>
      {tiers.map((x) => (
        <Tag key={x.hours}>
          {x.name} · {x.hours}h · {plainMoney(x.amount)}
        </Tag>
      ))}
    </Flex>
  );
}
