"""jobkit.html: what survives the filtered and full formats."""

from jobkit.html import plain_text, sanitize_filtered, sanitize_for, sanitize_full


def test_filtered_keeps_structure_and_links_and_drops_what_runs() -> None:
    dirty = (
        '<p onclick="x()">Hi <strong>there</strong><script>alert(1)</script></p>'
        '<a href="javascript:alert(1)">bad</a><a href="https://example.org">good</a>'
        '<img src="https://example.org/x.png"><iframe src="https://www.youtube.com/embed/x"></iframe>'
    )
    clean = sanitize_filtered(dirty)
    assert "<script" not in clean
    assert "onclick" not in clean
    assert "javascript:" not in clean
    assert "<img" not in clean
    assert "<iframe" not in clean
    assert "<strong>there</strong>" in clean
    assert 'href="https://example.org"' in clean
    assert 'rel="noopener noreferrer nofollow"' in clean


def test_full_allows_tables_and_iframes_from_video_hosts_only() -> None:
    dirty = (
        "<table><tr><td>1</td></tr></table>"
        '<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>'
        '<iframe src="https://evil.example/embed"></iframe>'
        '<iframe src="http://player.vimeo.com/video/1"></iframe>'
    )
    clean = sanitize_full(dirty)
    assert "<td>1</td>" in clean
    assert 'src="https://www.youtube-nocookie.com/embed/abc"' in clean
    assert "evil.example" not in clean
    assert clean.count("<iframe") == 1


def test_the_caller_picks_the_format() -> None:
    table = "<table><tr><td>x</td></tr></table>"
    assert "<table>" not in sanitize_for(table, full=False)
    assert "<table>" in sanitize_for(table, full=True)


def test_plain_text_for_descriptions() -> None:
    assert plain_text("<p>Hello <b>world</b>.</p><p>again &amp; again</p>") == (
        "Hello world. again & again"
    )
