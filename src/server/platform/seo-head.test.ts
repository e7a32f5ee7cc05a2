import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/i18n/locales.ts';
import { sitemapXml } from './seo.ts';
import { canonicalPath, ogLocale, type SeoInput, seoHead, siteLocales } from './seo-head.ts';

const site = { name: 'Vonk', domainLanguage: 'nl', countries: ['NL', 'BE'] };
const page = (over: Partial<SeoInput> = {}): SeoInput => ({
  site,
  origin: 'https://vonk.example',
  path: '/pricing',
  locale: 'nl',
  locales: siteLocales(site),
  title: 'Prijzen',
  description: 'Wat credits en premium kosten.',
  noindex: false,
  ...over,
});

/** The attribute values of one kind of tag, e.g. all `content`s of `<meta property="og:title">`. */
const values = (html: string, tag: string, attr: string) =>
  [...html.matchAll(new RegExp(`<${tag}[^>]*? ${attr}="([^"]*)"`, 'g'))].map((m) => m[1]);
const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`))?.[1];
const hreflangs = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => [
      m[1],
      m[2],
    ]),
  );

describe('issue 24 SEO: seoHead', () => {
  it('issue 24 SEO: an indexed page has title, description, canonical, every hreflang, Open Graph and Twitter', () => {
    const html = seoHead(page());
    expect(html).toContain('<title>Prijzen</title>');
    expect(meta(html, 'description')).toBe('Wat credits en premium kosten.');
    expect(values(html, 'link rel="canonical"', 'href')).toEqual(['https://vonk.example/pricing']);
    expect(html).not.toContain('name="robots"');
    const alts = hreflangs(html);
    expect(Object.keys(alts).sort()).toEqual([...LOCALES, 'x-default'].sort());
    expect(alts.nl).toBe('https://vonk.example/pricing');
    expect(alts.de).toBe('https://vonk.example/pricing?lang=de');
    expect(alts['x-default']).toBe('https://vonk.example/pricing');
    expect(meta(html, 'og:title')).toBe('Prijzen');
    expect(meta(html, 'og:description')).toBe('Wat credits en premium kosten.');
    expect(meta(html, 'og:url')).toBe('https://vonk.example/pricing');
    expect(meta(html, 'og:site_name')).toBe('Vonk');
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:locale')).toBe('nl_NL');
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(meta(html, 'twitter:title')).toBe('Prijzen');
    expect(meta(html, 'twitter:description')).toBe('Wat credits en premium kosten.');
    expect(meta(html, 'twitter:image')).toBeUndefined();
  });

  it('issue 24 SEO: the canonical names the locale only when it is not the site language, without tracking', () => {
    const html = seoHead(
      page({
        locale: 'fr',
        path: '/members/?age_min=30&utm_source=x&gclid=1&network=n&ref=r&sub1=s&lang=de#top',
      }),
    );
    expect(values(html, 'link rel="canonical"', 'href')).toEqual([
      'https://vonk.example/members?age_min=30&amp;lang=fr',
    ]);
    expect(meta(html, 'og:url')).toBe('https://vonk.example/members?age_min=30&amp;lang=fr');
    expect(hreflangs(html).nl).toBe('https://vonk.example/members?age_min=30');
    // French in a site of Belgium is fr_BE; a locale none of its countries speaks gets its home country.
    expect(meta(html, 'og:locale')).toBe('fr_BE');
    expect(ogLocale('sv', ['NL'])).toBe('sv_SE');
    // Only the path and query of the input count: a protocol-relative path stays on the origin.
    expect(canonicalPath('//evil.example/x?utm_medium=a')).toBe('/x');
    expect(canonicalPath('/')).toBe('/');
  });

  it('issue 24 SEO: a noindex page says so and offers no language versions, but keeps canonical and sharing', () => {
    const html = seoHead(page({ path: '/members/27', noindex: true, type: 'profile' }));
    expect(meta(html, 'robots')).toBe('noindex, nofollow');
    expect(html).not.toContain('hreflang');
    expect(values(html, 'link rel="canonical"', 'href')).toEqual(['https://vonk.example/members/27']);
    expect(meta(html, 'og:type')).toBe('profile');
  });

  it("issue 24 SEO: hostile text in a member's name and about comes out escaped and harmless", () => {
    const name = `Eva"><script>alert(1)</script>\u202Egnp.exe\u0000 'x' & \u2066y\u2069`;
    const html = seoHead(
      page({
        title: name,
        description: `${name}\n\tline two\u0007`,
        image: 'https://cdn.example/a.webp?x="><script>',
        site: { ...site, name },
      }),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\p{Bidi_Control}/u);
    expect(html.replaceAll('\n', '')).not.toMatch(/\p{Cc}/u);
    expect(html).toContain(
      '<title>Eva&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;gnp.exe &#39;x&#39; &amp; y</title>',
    );
    expect(meta(html, 'og:site_name')).toBe(
      'Eva&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;gnp.exe &#39;x&#39; &amp; y',
    );
    expect(meta(html, 'description')).toContain('&amp; y line two');
    // Every tag is whole: no value broke out of its attribute.
    for (const line of html.split('\n'))
      expect(line).toMatch(/^<(title>[^<]*<\/title|(meta|link) [^<>]*\/)>$/);
    expect(meta(html, 'og:image')).toBe('https://cdn.example/a.webp?x=%22%3E%3Cscript%3E');
  });

  it('issue 24 SEO: an image only when it is an absolute http(s) URL; large Twitter card with it', () => {
    const withImage = seoHead(page({ image: 'https://cdn.example/p.webp' }));
    expect(meta(withImage, 'og:image')).toBe('https://cdn.example/p.webp');
    expect(meta(withImage, 'twitter:image')).toBe('https://cdn.example/p.webp');
    expect(meta(withImage, 'twitter:card')).toBe('summary_large_image');
    for (const image of ['javascript:alert(1)', '/media/p.webp', 'data:image/png;base64,AA', '', null]) {
      const html = seoHead(page({ image }));
      expect(meta(html, 'og:image'), String(image)).toBeUndefined();
      expect(meta(html, 'twitter:card')).toBe('summary');
    }
  });

  it('issue 24 SEO: an empty description leaves the description tags out; long texts are cut whole', () => {
    const html = seoHead(page({ description: ' \u0000 ', title: '€'.repeat(500) }));
    expect(html).not.toContain('description');
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    expect(Array.from(title)).toHaveLength(160);
    expect(title.endsWith('…')).toBe(true);
    expect(title.toWellFormed()).toBe(title);
  });

  it('issue 24 SEO: the head and the sitemap name the same language versions of a page', () => {
    const xml = sitemapXml({ loggedOutSearch: true, domainLanguage: 'nl' }, 'https://vonk.example');
    const entry = xml
      .split('<url>')
      .find((u) => u.includes('<loc>https://vonk.example/pricing?lang=de</loc>'));
    const fromXml = Object.fromEntries(
      [...(entry ?? '').matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
    );
    expect(hreflangs(seoHead(page({ locale: 'de' })))).toEqual(fromXml);
  });
});
