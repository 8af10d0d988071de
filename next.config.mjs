/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native addons and CommonJS-with-data packages stay outside the bundle.
  serverExternalPackages: ["better-sqlite3", "@node-rs/jieba", "opencc-js", "pg", "ioredis"],
  poweredByHeader: false,
  reactStrictMode: true,
  // Defence in depth beside DOMPurify: no MIME sniffing, no framing, no referrer leaks off-site.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Referrer-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};
export default nextConfig;
