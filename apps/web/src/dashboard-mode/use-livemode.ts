"use client";

import { useEffect, useState } from "react";
import { livemodeOfCookies } from "./mode";

/** The dashboard's mode as the browser's cookie says (live until read, after mounting). */
export function useLivemode(): boolean {
  const [livemode, setLivemode] = useState(true);
  useEffect(() => setLivemode(livemodeOfCookies(document.cookie)), []);
  return livemode;
}
