/** Generated from the supergraph API schema by scripts/possible-types-plugin.mjs. */
export const possibleTypes: Record<string, string[]> = {
  "AccountResult": [
    "AccountErrors",
    "AccountUpdated"
  ],
  "AnalyticsCounts": [
    "JobStats",
    "OrganizationStats",
    "OrganizationStatsDay"
  ],
  "ApiKeyResult": [
    "ApiKeySaved",
    "JobErrors"
  ],
  "ApplicationResult": [
    "ApplicationSaved",
    "JobErrors"
  ],
  "ApplyToJobResult": [
    "ApplicationReceived",
    "JobErrors"
  ],
  "ChangeUserRolesResult": [
    "AccountErrors",
    "ChangeUserRolesSuccess"
  ],
  "ContactMessageResult": [
    "ContactMessageSent",
    "OrganizationErrors"
  ],
  "ContactRequestResult": [
    "ContactRequestSaved",
    "ResumeErrors"
  ],
  "CreateApiKeyResult": [
    "ApiKeyCreated",
    "JobErrors"
  ],
  "CreateJobAlertResult": [
    "AlertErrors",
    "JobAlertCreated"
  ],
  "CustomerProfileResult": [
    "BillingErrors",
    "CustomerProfileSaved"
  ],
  "DataExportResult": [
    "AccountErrors",
    "DataExport"
  ],
  "DeleteAccountResult": [
    "AccountDeleted",
    "AccountErrors"
  ],
  "DeleteApiKeyResult": [
    "ApiKeyDeleted",
    "JobErrors"
  ],
  "DeleteFeedSourceResult": [
    "FeedSourceDeleted",
    "JobErrors"
  ],
  "DeleteJobAlertResult": [
    "AlertErrors",
    "JobAlertDeleted"
  ],
  "DeleteJobResult": [
    "JobDeleted",
    "JobErrors"
  ],
  "DeleteOrganizationResult": [
    "OrganizationDeleted",
    "OrganizationErrors"
  ],
  "DeleteResumeAlertResult": [
    "AlertErrors",
    "ResumeAlertDeleted"
  ],
  "DeleteResumeResult": [
    "ResumeDeleted",
    "ResumeErrors"
  ],
  "Error": [
    "AccountError",
    "AlertError",
    "BillingError",
    "ConsentError",
    "Forbidden",
    "JobError",
    "NotFound",
    "OrganizationError",
    "ResumeError",
    "ResumeImportError",
    "SearchError"
  ],
  "FeedSourceResult": [
    "FeedSourceSaved",
    "JobErrors"
  ],
  "GdprConsentInfoResult": [
    "ConsentErrors",
    "GdprConsentInfoSaved"
  ],
  "GrantCreditsResult": [
    "BillingErrors",
    "CreditsGranted"
  ],
  "InviteMemberResult": [
    "InvitationSent",
    "OrganizationErrors"
  ],
  "JobAlertChangeResult": [
    "AlertErrors",
    "JobAlertSaved"
  ],
  "JobAlertsByTokenResult": [
    "AlertErrors",
    "ManagedJobAlerts"
  ],
  "JobResult": [
    "JobErrors",
    "JobSaved"
  ],
  "JobSearchResult": [
    "JobSearchResults",
    "SearchErrors",
    "SearchUnavailable"
  ],
  "LegalHoldResult": [
    "AccountErrors",
    "LegalHoldChanged"
  ],
  "MembershipResult": [
    "MembershipChanged",
    "OrganizationErrors"
  ],
  "OrganizationProfileResult": [
    "OrganizationErrors",
    "OrganizationProfileSaved"
  ],
  "OrganizationSearchResult": [
    "OrganizationSearchResults",
    "SearchErrors",
    "SearchUnavailable"
  ],
  "RecommendedJobsResult": [
    "RecommendedJobs",
    "SearchErrors",
    "SearchUnavailable"
  ],
  "ReportJobResult": [
    "JobErrors",
    "JobReported"
  ],
  "ResetPasswordResult": [
    "AccountErrors",
    "ResetPasswordSuccess"
  ],
  "ResumeAlertResult": [
    "AlertErrors",
    "ResumeAlertSaved"
  ],
  "ResumeImportResult": [
    "ResumeImportDraft",
    "ResumeImportError"
  ],
  "ResumeJsonResumeResult": [
    "ResumeImportError",
    "ResumeJsonResume"
  ],
  "ResumePdfResult": [
    "ResumeImportError",
    "ResumePdf"
  ],
  "ResumeResult": [
    "ResumeErrors",
    "ResumeSaved"
  ],
  "ResumeSearchResult": [
    "ResumeSearchOff",
    "ResumeSearchResults",
    "SearchErrors",
    "SearchUnavailable"
  ],
  "RouteContent": [
    "Job",
    "LandingPage",
    "OrganizationProfile"
  ],
  "RouteResponse": [
    "ContentResponse",
    "ErrorResponse",
    "RedirectResponse"
  ],
  "RunFeedSourceResult": [
    "FeedSourceRan",
    "JobErrors"
  ],
  "SetUserBlockedResult": [
    "AccountErrors",
    "SetUserBlockedSuccess"
  ],
  "SignUpResult": [
    "AccountErrors",
    "SignUpSuccess"
  ],
  "SubscriptionResult": [
    "BillingErrors",
    "SubscriptionSaved"
  ],
  "UnsubscribeJobAlertResult": [
    "AlertErrors",
    "JobAlertsUnsubscribed"
  ],
  "UpdateLandingPageResult": [
    "LandingPageSaved",
    "NotFound",
    "SearchErrors"
  ],
  "UpdateSiteConfigResult": [
    "AccountErrors",
    "SiteConfigUpdated"
  ],
  "VerifyEmailResult": [
    "AccountErrors",
    "VerifyEmailSuccess"
  ],
  "VideoJobsResult": [
    "SearchErrors",
    "SearchUnavailable",
    "VideoJobs"
  ],
  "WebhookDeleteResult": [
    "WebhookEndpointDeleted",
    "WebhookErrors"
  ],
  "WebhookEndpointResult": [
    "WebhookEndpointSaved",
    "WebhookErrors"
  ],
  "WebhookReplayResult": [
    "WebhookErrors",
    "WebhookReplayed"
  ]
};
