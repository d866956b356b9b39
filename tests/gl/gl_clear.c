/*
 * A GL client of the runtime through Mesa's d3d12 Gallium driver: clears a window (the
 * whole of it, optionally then a scissored rectangle in a second colour), and prints
 * what came back as a binary PPM on stdout. How it reads the frame back is the first
 * argument:
 *   present     glXSwapBuffers, then XGetImage of the window (no GL read path)
 *   readpixels  glReadPixels of the back buffer before presenting
 * A second argument "scissor" adds the rectangle (Mesa's d3d12 driver draws it, which
 * needs a shader: not run in CI until the device reports shader model 6).
 * tests/gl/run_gl.sh runs it on GALLIUM_DRIVER=d3d12 and on llvmpipe and compares the
 * images byte for byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#define WIDTH 64
#define HEIGHT 48

static void write_ppm(const unsigned char *rgb)
{
    printf("P6\n%d %d\n255\n", WIDTH, HEIGHT);
    fwrite(rgb, 3, (size_t)WIDTH * HEIGHT, stdout);
}

/* The window's pixels as the X server holds them, top row first. */
static int read_window(Display *display, Window window, unsigned char *rgb)
{
    XImage *image = XGetImage(display, window, 0, 0, WIDTH, HEIGHT, AllPlanes, ZPixmap);
    unsigned long pixel;
    int x, y;

    if (!image)
        return -1;
    for (y = 0; y < HEIGHT; ++y)
    {
        for (x = 0; x < WIDTH; ++x)
        {
            pixel = XGetPixel(image, x, y);
            rgb[(y * WIDTH + x) * 3 + 0] = (unsigned char)((pixel & image->red_mask) >> 16);
            rgb[(y * WIDTH + x) * 3 + 1] = (unsigned char)((pixel & image->green_mask) >> 8);
            rgb[(y * WIDTH + x) * 3 + 2] = (unsigned char)(pixel & image->blue_mask);
        }
    }
    XDestroyImage(image);
    return 0;
}

/* glReadPixels rows are bottom first: flipped to the window's order. */
static void read_back_buffer(unsigned char *rgb)
{
    unsigned char rgba[WIDTH * HEIGHT * 4];
    int x, y;

    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, WIDTH, HEIGHT, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    for (y = 0; y < HEIGHT; ++y)
        for (x = 0; x < WIDTH; ++x)
            memcpy(&rgb[(y * WIDTH + x) * 3], &rgba[((HEIGHT - 1 - y) * WIDTH + x) * 4], 3);
}

int main(int argc, char **argv)
{
    int attributes[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8, None};
    static unsigned char rgb[WIDTH * HEIGHT * 3];
    XSetWindowAttributes window_attributes;
    XVisualInfo *visual;
    Display *display;
    GLXContext context;
    Window window;
    int present, scissor;

    if (argc < 2 || argc > 3 || (strcmp(argv[1], "present") && strcmp(argv[1], "readpixels"))
            || (argc == 3 && strcmp(argv[2], "scissor")))
    {
        fprintf(stderr, "usage: %s present|readpixels [scissor] > frame.ppm\n", argv[0]);
        return 2;
    }
    present = !strcmp(argv[1], "present");
    scissor = argc == 3;
    if (!(display = XOpenDisplay(NULL)))
    {
        fprintf(stderr, "gl_clear: no X display\n");
        return 1;
    }
    if (!(visual = glXChooseVisual(display, DefaultScreen(display), attributes)))
    {
        fprintf(stderr, "gl_clear: no double-buffered RGB8 visual\n");
        return 1;
    }
    window_attributes.colormap = XCreateColormap(display, RootWindow(display, visual->screen), visual->visual,
            AllocNone);
    window_attributes.border_pixel = 0;
    window = XCreateWindow(display, RootWindow(display, visual->screen), 0, 0, WIDTH, HEIGHT, 0, visual->depth,
            InputOutput, visual->visual, CWColormap | CWBorderPixel, &window_attributes);
    XMapWindow(display, window);
    XSync(display, False);
    if (!(context = glXCreateContext(display, visual, NULL, True)) || !glXMakeCurrent(display, window, context))
    {
        fprintf(stderr, "gl_clear: no GL context\n");
        return 1;
    }
    fprintf(stderr, "gl_clear: %s, OpenGL %s\n", glGetString(GL_RENDERER), glGetString(GL_VERSION));

    glViewport(0, 0, WIDTH, HEIGHT);
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
        glXSwapBuffers(display, window);
        glFinish();
        XSync(display, False);
        if (read_window(display, window, rgb))
        {
            fprintf(stderr, "gl_clear: XGetImage failed\n");
            return 1;
        }
    }
    else
    {
        read_back_buffer(rgb);
    }
    if (glGetError() != GL_NO_ERROR)
    {
        fprintf(stderr, "gl_clear: a GL error was raised\n");
        return 1;
    }
    write_ppm(rgb);

    glXMakeCurrent(display, None, NULL);
    glXDestroyContext(display, context);
    XDestroyWindow(display, window);
    XFree(visual);
    XCloseDisplay(display);
    return 0;
}
