/** Spec section 7: the analytics event keys the site sends. */
export type AnalyticsEvent =
  | "login"
  | "sign_up_start"
  | "sign_up"
  | "job_search"
  | "job_visit"
  | "job_edit"
  | "job_share"
  | "view_original_ad_btn_click"
  | "resume_search"
  | "orgprofile_visit"
  | "job_apply_start"
  | "job_apply_complete"
  | "view_original_ad_btn_click"
  | "job_bookmark"
  | `qa_${string}`;

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/**
 * Sends a client-side event to the browser tag library with its parameters plus `value`
 * (spec 7: the default value is 1).
 */
export function track(
  event: AnalyticsEvent,
  params: Record<string, unknown> = {},
): void {
  if (typeof window === "undefined") return;
  window.dataLayer ??= [];
  window.dataLayer.push({ event, value: 1, ...params });
}
