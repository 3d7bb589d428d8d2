import { useEffect } from 'react';
import { App, message as staticMessage, Modal } from 'antd';
import { i18n } from './i18n';

/**
 * Toasts and dialogs for code that runs outside components (the request layer's error handler,
 * the live channel). antd's static `message`/`Modal` cannot see the ConfigProvider (theme colour,
 * locale), so the instances from `<App>` are handed over here by <FeedbackBridge/>.
 */
export type Feedback = Pick<ReturnType<typeof App.useApp>, 'message' | 'modal'>;

const fallback: Feedback = { message: staticMessage, modal: Modal as unknown as Feedback['modal'] };
let current: Feedback | null = null;

export function setFeedback(f: Feedback | null): void {
  current = f;
}

export function feedback(): Feedback {
  return current ?? fallback;
}

/** Mount once inside antd's <App>. */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setFeedback({ message, modal });
    return () => setFeedback(null);
  }, [message, modal]);
  return null;
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
