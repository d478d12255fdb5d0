"""Search proper: the indices (documents, analysis, stores), job and organization search,
similar jobs and place suggestions. Imports the taxonomy and the core, never the site
(ADR 0021)."""
