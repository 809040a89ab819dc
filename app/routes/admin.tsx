import { Outlet } from "react-router";
export default function Stub() { return <Outlet />; }
