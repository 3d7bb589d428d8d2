import { useEffect } from 'react';
import type { App } from 'antd';
import message from 'antd/es/message';
import { i18n } from './i18n';

/**
 * Toasts and dialogs for code that runs outside components (the request layer's error handler,
 * the live channel). antd's static `message`/`Modal` cannot see the ConfigProvider (theme colour,
 * locale), so instances bound to it are handed over here: <StartFeedback/> from the first render
 * (toasts only: the sign-in screen needs no dialog, and leaving dialogs and notifications out
 * keeps it within its start-up budget), then <FeedbackBridge/> (feedback-bridge.tsx) inside antd's
 * <App> once the signed-in shell loads. A dialog asked for before that loads antd's modal on demand.
 */
export type Feedback = Pick<ReturnType<typeof App.useApp>, 'message' | 'modal'>;
type Modal = Feedback['modal'];

/** Loads antd's Modal on first use; the caller gets nothing back (no caller before the shell needs the handle). */
function lazyModal(kind: keyof Modal) {
  return (config: Parameters<Modal['confirm']>[0]) => {
    void import('antd/es/modal').then(({ default: Modal }) => Modal[kind](config));
    return { destroy: () => {}, update: () => {} };
  };
}

const startModal = {
  confirm: lazyModal('confirm'),
  info: lazyModal('info'),
  success: lazyModal('success'),
  error: lazyModal('error'),
  warning: lazyModal('warning'),
} as unknown as Modal;

let start: Feedback = { message, modal: startModal };
let current: Feedback | null = null;

export function setFeedback(f: Feedback | null): void {
  current = f;
}

export function feedback(): Feedback {
  return current ?? start;
}

/** Mount once near the root, inside the ConfigProvider: themed toasts before the shell exists. */
export function StartFeedback() {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    start = { message: api, modal: startModal };
    return () => {
      start = { message, modal: startModal };
    };
  }, [api]);
  return holder;
}

/**
 * The kinds of "it worked" toast, each with one wording on every screen (common:done): "Saved"
 * after a create or edit form, "Deleted" after a delete. A state change says its new state in
 * the same short past form ("Frozen", "Unlocked"), from its screen's words.
 */
export type DoneKind = 'saved' | 'deleted';

export function doneText(kind: DoneKind): string {
  return i18n.t(`common:done.${kind}`);
}
