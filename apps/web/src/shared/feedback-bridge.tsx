import { useEffect } from 'react';
import { App } from 'antd';
import { setFeedback } from './feedback';

/** Mount once inside antd's <App> (the signed-in shell): every kind of feedback, themed. */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setFeedback({ message, modal });
    return () => setFeedback(null);
  }, [message, modal]);
  return null;
}
