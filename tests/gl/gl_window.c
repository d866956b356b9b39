/* The GL test programs' window, context and read-back (gl_window.h). */
#include <stdio.h>
#include <string.h>

#include "gl_window.h"

#include <GL/glxext.h>
#include <X11/Xutil.h>

#define WIDTH GL_WINDOW_WIDTH
#define HEIGHT GL_WINDOW_HEIGHT

static GLXContext create_core_context(Display *display, XVisualInfo *visual)
{
    static const int attributes[] =
    {
        GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3,
        GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_CORE_PROFILE_BIT_ARB, None,
    };
    PFNGLXCREATECONTEXTATTRIBSARBPROC create_attribs;
    GLXFBConfig *configs, chosen = NULL;
    GLXContext context;
    int count, i, id;

    create_attribs = (PFNGLXCREATECONTEXTATTRIBSARBPROC)glXGetProcAddress(
            (const GLubyte *)"glXCreateContextAttribsARB");
    if (!create_attribs || !(configs = glXGetFBConfigs(display, visual->screen, &count)))
        return NULL;
    /* The config of the window's visual. */
    for (i = 0; i < count && !chosen; ++i)
        if (!glXGetFBConfigAttrib(display, configs[i], GLX_VISUAL_ID, &id) && (VisualID)id == visual->visualid)
            chosen = configs[i];
    context = chosen ? create_attribs(display, chosen, NULL, True, attributes) : NULL;
    XFree(configs);
    return context;
}

int gl_window_open(struct gl_window *w, const char *program, int core)
{
    int attributes[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8, None};
    XSetWindowAttributes window_attributes;

    memset(w, 0, sizeof(*w));
    if (!(w->display = XOpenDisplay(NULL)))
    {
        fprintf(stderr, "%s: no X display\n", program);
        return -1;
    }
    if (!(w->visual = glXChooseVisual(w->display, DefaultScreen(w->display), attributes)))
    {
        fprintf(stderr, "%s: no double-buffered RGB8 visual\n", program);
        return -1;
    }
    window_attributes.colormap = XCreateColormap(w->display, RootWindow(w->display, w->visual->screen),
            w->visual->visual, AllocNone);
    window_attributes.border_pixel = 0;
    w->window = XCreateWindow(w->display, RootWindow(w->display, w->visual->screen), 0, 0, WIDTH, HEIGHT, 0,
            w->visual->depth, InputOutput, w->visual->visual, CWColormap | CWBorderPixel, &window_attributes);
    XMapWindow(w->display, w->window);
    XSync(w->display, False);
    w->context = core ? create_core_context(w->display, w->visual) : glXCreateContext(w->display, w->visual, NULL, True);
    if (!w->context || !glXMakeCurrent(w->display, w->window, w->context))
    {
        fprintf(stderr, "%s: no %sGL context\n", program, core ? "OpenGL 3.3 core " : "");
        return -1;
    }
    fprintf(stderr, "%s: %s, OpenGL %s\n", program, glGetString(GL_RENDERER), glGetString(GL_VERSION));
    glViewport(0, 0, WIDTH, HEIGHT);
    return 0;
}

void gl_window_close(struct gl_window *w)
{
    glXMakeCurrent(w->display, None, NULL);
    glXDestroyContext(w->display, w->context);
    XDestroyWindow(w->display, w->window);
    XFree(w->visual);
    XCloseDisplay(w->display);
}

void gl_window_read_back_buffer(unsigned char *rgb)
{
    static unsigned char rgba[WIDTH * HEIGHT * 4];
    int x, y;

    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, WIDTH, HEIGHT, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    for (y = 0; y < HEIGHT; ++y)
        for (x = 0; x < WIDTH; ++x)
            memcpy(&rgb[(y * WIDTH + x) * 3], &rgba[((HEIGHT - 1 - y) * WIDTH + x) * 4], 3);
}

int gl_window_read_presented(struct gl_window *w, unsigned char *rgb)
{
    XImage *image;
    unsigned long pixel;
    int x, y;

    glXSwapBuffers(w->display, w->window);
    glFinish();
    XSync(w->display, False);
    if (!(image = XGetImage(w->display, w->window, 0, 0, WIDTH, HEIGHT, AllPlanes, ZPixmap)))
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

void gl_window_write_ppm(const unsigned char *rgb)
{
    printf("P6\n%d %d\n255\n", WIDTH, HEIGHT);
    fwrite(rgb, 3, (size_t)WIDTH * HEIGHT, stdout);
}
