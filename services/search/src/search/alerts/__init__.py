"""Job alerts: saved searches (anonymous ones confirmed by a mailed link), the signed links that
manage them without a login, matching new jobs against them, and the alert mailer's send ledger
(ADR 0029). Below ``search.settings``, beside ``search.site``; it runs searches with
``search.engine``."""
