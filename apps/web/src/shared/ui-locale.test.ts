import { beforeAll, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { changeLanguage, i18n, initI18n } from './i18n';
import { loadUiLocale, switchLanguage, useAntdLocale } from './ui-locale';

beforeAll(async () => {
  await initI18n('en_US');
  await loadUiLocale('en_US');
});

describe('language switch', () => {
  it('switches antd, dayjs, the strings and <html lang> together, without a reload', async () => {
    const { result } = renderHook(() => useAntdLocale());
    expect(result.current?.locale).toBe('en');
    await act(() => switchLanguage('zh_TW'));
    expect(i18n.language).toBe('zh_TW');
    expect(i18n.t('common:cancel')).toBe('取消');
    expect(result.current?.locale).toBe('zh-tw');
    expect(dayjs.locale()).toBe('zh-tw');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(localStorage.getItem('language')).toBe('zh_TW');
  });

  it('follows a language changed through i18n directly', async () => {
    const { result } = renderHook(() => useAntdLocale());
    await act(() => changeLanguage('zh_CN'));
    // antd's locale loads on demand: wait for it rather than for a fixed time
    await waitFor(() => expect(result.current?.locale).toBe('zh-cn'));
    expect(dayjs.locale()).toBe('zh-cn');
    await act(() => switchLanguage('en_US'));
    expect(result.current?.locale).toBe('en');
    expect(dayjs.locale()).toBe('en');
  });
});
