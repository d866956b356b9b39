/*
 * A GL client of the runtime through Mesa's d3d12 Gallium driver: clears a window (the
 * whole of it, optionally then a scissored rectangle in a second colour), and prints
 * what came back as a binary PPM on stdout. How it reads the frame back is the first
 * argument:
 *   present     glXSwapBuffers, then XGetImage of the window (no GL read path)
 *   readpixels  glReadPixels of the back buffer before presenting
 * A second argument "scissor" adds the rectangle (Mesa's d3d12 driver draws it, which
 * needs a shader).
 * tests/gl/run_gl.sh runs it on GALLIUM_DRIVER=d3d12 and on llvmpipe and compares the
 * images byte for byte.
 */
#include <stdio.h>
#include <string.h>

#include "gl_window.h"

int main(int argc, char **argv)
{
    static unsigned char rgb[GL_WINDOW_WIDTH * GL_WINDOW_HEIGHT * 3];
    struct gl_window w;
    int present, scissor;

    if (argc < 2 || argc > 3 || (strcmp(argv[1], "present") && strcmp(argv[1], "readpixels"))
            || (argc == 3 && strcmp(argv[2], "scissor")))
    {
        fprintf(stderr, "usage: %s present|readpixels [scissor] > frame.ppm\n", argv[0]);
        return 2;
    }
    present = !strcmp(argv[1], "present");
    scissor = argc == 3;
    if (gl_window_open(&w, "gl_clear", 0))
        return 1;

    glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    if (scissor)
    {
        glEnable(GL_SCISSOR_TEST);
        glScissor(8, 4, 20, 12);
        glClearColor(1.0f, 0.0f, 0.2f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        glDisable(GL_SCISSOR_TEST);
    }

    if (present)
    {
        if (gl_window_read_presented(&w, rgb))
        {
            fprintf(stderr, "gl_clear: XGetImage failed\n");
            return 1;
        }
    }
    else
    {
        glReadBuffer(GL_BACK);
        gl_window_read_back_buffer(rgb);
    }
    if (glGetError() != GL_NO_ERROR)
    {
        fprintf(stderr, "gl_clear: a GL error was raised\n");
        return 1;
    }
    gl_window_write_ppm(rgb);
    gl_window_close(&w);
    return 0;
}
