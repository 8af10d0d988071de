import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "test/**/*.test.ts", "components/**/*.test.tsx", "scripts/**/*.test.ts"],
    environment: "node",
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup-env.ts"],
    testTimeout: 30_000,
    hookTimeout: 300_000,
    pool: "forks",
  },
});
