export declare function stripForgedHeaders(req: { headers: Record<string, unknown>; rawHeaders: string[] }): void;
