export declare function stripForgedHeaders(req: { headers: Record<string, unknown>; rawHeaders: string[] }, options?: { keepTraceContext?: boolean }): void;
