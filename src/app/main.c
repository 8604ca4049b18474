/* main.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "bloom-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(BloomApplication) application = NULL;

  bloom_application_setup_locale ();

  application = bloom_application_new ();

  return g_application_run (G_APPLICATION (application), argc, argv);
}
