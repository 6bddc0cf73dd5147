import type { NextConfig } from 'next';

/** Built like the product (standalone, no x-powered-by), nothing else. */
const nextConfig: NextConfig = { output: 'standalone', poweredByHeader: false };

export default nextConfig;
