"""The sitemaps' XML (sitemaps.org 0.9, no I/O): a sitemap index, the pieces of a URL set written
as they stream, and the stylesheet browsers show them with."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from xml.sax.saxutils import escape, quoteattr

NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9"
STYLESHEET_PATH = "/sitemap.xsl"
URLS_PER_SITEMAP = 50_000  # the protocol's limit per file


def _head(stylesheet: str) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<?xml-stylesheet type="text/xsl" href={quoteattr(stylesheet)}?>\n'
    )


def w3c_datetime(moment: datetime) -> str:
    """W3C Datetime in UTC, to the second (what xsd:dateTime and search engines read)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def sitemap_index(
    sitemaps: Iterable[tuple[str, datetime | None]], *, stylesheet: str = STYLESHEET_PATH
) -> str:
    out = [_head(stylesheet), f'<sitemapindex xmlns="{NAMESPACE}">\n']
    for loc, lastmod in sitemaps:
        out.append(f"<sitemap><loc>{escape(loc)}</loc>")
        if lastmod is not None:
            out.append(f"<lastmod>{w3c_datetime(lastmod)}</lastmod>")
        out.append("</sitemap>\n")
    out.append("</sitemapindex>\n")
    return "".join(out)


def urlset_start(*, stylesheet: str = STYLESHEET_PATH) -> str:
    return _head(stylesheet) + f'<urlset xmlns="{NAMESPACE}">\n'


def url_entry(loc: str, lastmod: datetime | None) -> str:
    modified = f"<lastmod>{w3c_datetime(lastmod)}</lastmod>" if lastmod is not None else ""
    return f"<url><loc>{escape(loc)}</loc>{modified}</url>\n"


URLSET_END = "</urlset>\n"

# Shows an index or a URL set as a table in a browser; search engines ignore it.
STYLESHEET = """<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:s="http://www.sitemaps.org/schemas/sitemap/0.9" exclude-result-prefixes="s">
  <xsl:output method="html" encoding="UTF-8" indent="yes"/>
  <xsl:template match="/">
    <html lang="en">
      <head>
        <meta charset="utf-8"/>
        <meta name="robots" content="noindex"/>
        <title>Sitemap</title>
        <style>
          body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
          table { border-collapse: collapse; width: 100%; }
          th, td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid #ddd; }
          th { background: #f4f4f4; }
        </style>
      </head>
      <body>
        <h1>Sitemap</h1>
        <xsl:choose>
          <xsl:when test="s:sitemapindex">
            <p><xsl:value-of select="count(s:sitemapindex/s:sitemap)"/> sitemaps</p>
            <table>
              <tr><th>Sitemap</th><th>Last modified</th></tr>
              <xsl:for-each select="s:sitemapindex/s:sitemap">
                <tr>
                  <td><a href="{s:loc}"><xsl:value-of select="s:loc"/></a></td>
                  <td><xsl:value-of select="s:lastmod"/></td>
                </tr>
              </xsl:for-each>
            </table>
          </xsl:when>
          <xsl:otherwise>
            <p><xsl:value-of select="count(s:urlset/s:url)"/> URLs</p>
            <table>
              <tr><th>URL</th><th>Last modified</th></tr>
              <xsl:for-each select="s:urlset/s:url">
                <tr>
                  <td><a href="{s:loc}"><xsl:value-of select="s:loc"/></a></td>
                  <td><xsl:value-of select="s:lastmod"/></td>
                </tr>
              </xsl:for-each>
            </table>
          </xsl:otherwise>
        </xsl:choose>
      </body>
    </html>
  </xsl:template>
</xsl:stylesheet>
"""
