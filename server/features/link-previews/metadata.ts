// What a page says about itself, for its preview (docs/integrations.md, "Link previews"): read by
// open-graph-scraper from the HTML the egress guard fetched (it is handed the HTML and fetches
// nothing itself): Open Graph first, then Twitter cards, then the page's <title> and description.
import ogs from "open-graph-scraper";

export interface PageMetadata {
  title: string | null;
  description: string | null;
  site_name: string | null;
  image: string | null;
}

const clip = (s: unknown, max: number): string | null => {
  if (typeof s !== "string") return null;
  const t = s.replace(/\s+/g, " ").trim();
  if (!t) return null;
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/** The HTML's text: its charset from the Content-Type, else UTF-8. */
export function decodeHtml(body: Buffer, contentType: string): string {
  const charset = /charset=([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

/** An image address as an absolute http(s) URL against the page's, or null. */
function absolute(src: unknown, base: string): string | null {
  if (typeof src !== "string" || !src.trim()) return null;
  try {
    const u = new URL(src.trim(), base);
    return (u.protocol === "http:" || u.protocol === "https:") && u.toString().length <= 2000 ? u.toString() : null;
  } catch {
    return null;
  }
}

export async function pageMetadata(html: string, pageUrl: string): Promise<PageMetadata> {
  const { result } = await ogs({ html });
  const image = Array.isArray(result.ogImage) ? result.ogImage[0]?.url : undefined;
  const twitterImage = Array.isArray(result.twitterImage) ? result.twitterImage[0]?.url : undefined;
  return {
    title: clip(result.ogTitle ?? result.twitterTitle ?? result.dcTitle, 300),
    description: clip(result.ogDescription ?? result.twitterDescription ?? result.dcDescription, 1000),
    site_name: clip(result.ogSiteName ?? result.twitterSite, 100),
    image: absolute(image ?? twitterImage, pageUrl),
  };
}
