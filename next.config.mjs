/** @type {import('next').NextConfig} */
const nextConfig = {
  // Native addons and CommonJS-with-data packages stay outside the bundle.
  serverExternalPackages: ["better-sqlite3", "@node-rs/jieba", "opencc-js"],
  poweredByHeader: false,
  reactStrictMode: true,
};
export default nextConfig;
