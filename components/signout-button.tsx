"use client";
/**
 * 退出: a plain form post (works without JavaScript); with JavaScript it first clears every
 * draft and result the browser kept (lib/ui/local-data.ts). The signed-out page clears again,
 * for a sign-out from another tab.
 */
import { useEffect } from "react";
import { clearLocalData } from "@/lib/ui/local-data";

export function SignOutButton() {
  return (
    <form action="/api/session/signout" method="post" onSubmit={() => clearLocalData()}>
      <button type="submit" className="whitespace-nowrap rounded px-2 py-1 text-muted hover:bg-stone-100 hover:text-ink" data-testid="signout" title="退出登录并清除本机保存的草稿">
        退出
      </button>
    </form>
  );
}

/** Clears the browser's copies once mounted (rendered on the signed-out page). */
export function ClearLocalDataOnMount() {
  useEffect(() => {
    clearLocalData();
  }, []);
  return null;
}
