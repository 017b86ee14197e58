/** The rows of one page of a console listing: pages count from 1, 1 to 100 rows a page (20 unless asked). */
export function pageWindow(n: number | undefined, size: number | undefined) {
  const take = Math.min(Math.max(size ?? 20, 1), 100);
  const page = Math.max(n ?? 1, 1);
  return { take, skip: (page - 1) * take, page };
}
