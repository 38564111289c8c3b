import { FEEDBACK_PATHS, type FeedbackRequest, type FeedbackResponse } from '@cab/contracts/client';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../api/client.ts';

/** Sends feedback; the page shows a refusal under its form, so the wrapper does not toast it. */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackRequest) =>
      request<FeedbackResponse>(FEEDBACK_PATHS.submit, { method: 'POST', showError: false, tradingEntity: '', data: body }),
  });
}

/** The app itself to recommend: its home page, wherever this installation is served. */
export function appLink(): string {
  return `${location.origin}${location.pathname}#/pages/home/index`;
}
