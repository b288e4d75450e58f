import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// As the @veil/ui README says: React and Tailwind's Vite plugin.
export default defineConfig({ plugins: [react(), tailwindcss()] });
