import { connection } from 'next/server';

/** The baseline H: the bare dynamic App Router page of the same Next version (bench/run.mjs). */
export default async function Hello() {
  await connection();
  return <h1>Hello</h1>;
}
